/** Reads of the search route (issue 4 'Search'): the topic an application's search reads within. */
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';

/** The topic of the application (null when it has none); 404 应用不存在 when there is no such application. */
export async function topicOfApplication(db: Db, applicationId: number): Promise<number | null> {
  const found = await db.selectFrom('applications').select('topic_id').where('id', '=', applicationId).executeTakeFirst();
  if (!found) throw notFound(MSG.applicationNotFound);
  return found.topic_id;
}
