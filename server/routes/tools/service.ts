/**
 * The tools of a topic (spec 1 §3 'Tool item': id, title, description, cover, link): resources of type
 * `tool` linked to the topic. Read by the tool form's options and the tool panel (GET /tools).
 */
import type { Db } from '../../db/index.js';

/** The topic of an application, or undefined when there is no such application. */
export async function applicationTopic(db: Db, applicationId: number): Promise<{ topicId: number | null } | undefined> {
  const app = await db.selectFrom('applications').select('topic_id').where('id', '=', applicationId).executeTakeFirst();
  return app ? { topicId: app.topic_id } : undefined;
}
