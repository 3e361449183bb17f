/** Database reads of the panel-read routes (server/routes/modules). */
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';

/** The id of the topic with this title, or 404 专题不存在 (a top read named by topicName). */
export async function topicIdByTitle(db: Db, title: string): Promise<number> {
  const t = await db.selectFrom('topics').select('id').where('title', '=', title).executeTakeFirst();
  if (!t) throw notFound(MSG.topicNotFound);
  return t.id;
}
