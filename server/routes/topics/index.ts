/**
 * Topics and their two-level category tree (spec 2 §7: GET /api/v1/topics, /api/v1/topics/{id}/categories).
 * The tree is `{ label, value, children }` with the label as value (docs/decisions.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';

export interface CategoryNode { label: string; value: string; children?: CategoryNode[] }

/** The category tree of a topic, levels sorted by label. */
export async function categoryTree(db: Db, topicId: number): Promise<CategoryNode[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'label']).where('topic_id', '=', topicId).orderBy('label').execute();
  const top = rows.filter((r) => r.parent_id === null);
  return top.map((t) => {
    const children = rows.filter((r) => r.parent_id === t.id).map((c) => ({ label: c.label, value: c.label }));
    return { label: t.label, value: t.label, ...(children.length ? { children } : {}) };
  });
}

export default async function topicRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/topics', async (req) => {
    requireUser(req);
    const rows = await db.selectFrom('topics').select(['id', 'title', 'cover']).orderBy('id').execute();
    return rows;
  });
  app.get('/api/v1/topics/:topicId/categories', async (req) => {
    const { topicId } = parse(z.object({ topicId: z.coerce.number().int().min(1) }), req.params, 'params');
    const t = await db.selectFrom('topics').select('id').where('id', '=', topicId).executeTakeFirst();
    if (!t) throw notFound(MSG.topicNotFound);
    return categoryTree(db, topicId);
  });
}
