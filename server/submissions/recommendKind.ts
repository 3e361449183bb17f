/**
 * The `resource_verify` kind of the moderation engine (issue 29 §6; docs/decisions.md 610-612): reviewed
 * by managers holding 审核 (`review`); the list shows the type, how it was given, the category and the
 * address; approval creates the record, published, in the application's topic under the recommendation's
 * category, indexed for the site's search (a key of its own, `recommend:<id>`: approval never changes a
 * record already in the catalogue); rejection, reopening or withdrawal after that unpublishes it, and a
 * new approval publishes it again. Kept apart from ./recommend.ts, which submits through the engine
 * (the engine's registry imports this file).
 */
import type { Db } from '../db/index.js';
import { conflict } from '../http/errors.js';
import type { SubmissionKindSpec } from '../moderation/kind.js';
import { refreshTopicTypeCounts, upsertResources } from '../resources/store.js';
import { MSG } from '../../common/messages.js';
import { RESOURCE_TYPE_LABELS, type ResourceType } from '../../common/constants.js';
import { resourceHref } from '../../common/resourceTypes.js';
import { RECOMMEND_MODE_LABELS, type RecommendMode } from '../../common/submissions.js';

/** Publishes (1) or withdraws (0) the created record in the application's topic. */
async function setPublished(db: Db, resourceId: number, topicId: number, type: string, published: 0 | 1) {
  await db.updateTable('resource_topics').set({ published }).where('resource_id', '=', resourceId).where('topic_id', '=', topicId).execute();
  await refreshTopicTypeCounts(db, [{ topicId, type: type as ResourceType }]);
}

export const recommendKind: SubmissionKindSpec = {
  kind: 'resource_verify',
  label: '资源推荐',
  right: 'review',
  fields: [
    { key: 'type', label: '资源类型' },
    { key: 'mode', label: '推荐方式' },
    { key: 'category', label: '分类' },
    { key: 'url', label: '链接' },
  ],
  async describe(db, refIds) {
    const out = new Map<number, { fields: Record<string, string>; link: string | null }>();
    if (!refIds.length) return out;
    const rows = await db
      .selectFrom('resource_recommendations')
      .select(['id', 'mode', 'type', 'fields', 'category', 'subcategory', 'resource_id'])
      .where('id', 'in', refIds)
      .execute();
    for (const r of rows) {
      const f = JSON.parse(r.fields) as Record<string, unknown>;
      out.set(r.id, {
        fields: {
          type: RESOURCE_TYPE_LABELS[r.type as ResourceType] ?? r.type,
          mode: RECOMMEND_MODE_LABELS[r.mode as RecommendMode] ?? r.mode,
          category: [r.category, r.subcategory].filter(Boolean).join(' / ') || MSG.recommendNoCategory,
          url: typeof f.url === 'string' ? f.url : typeof f.doi === 'string' ? `https://doi.org/${f.doi}` : '',
        },
        link: r.resource_id ? resourceHref(r.type, r.resource_id) : null,
      });
    }
    return out;
  },
  async apply(db, s, to) {
    const r = await db.selectFrom('resource_recommendations').selectAll().where('id', '=', s.refId).executeTakeFirstOrThrow();
    const app = await db.selectFrom('applications').select('topic_id').where('id', '=', r.application_id).executeTakeFirstOrThrow();
    if (to === 'approved') {
      if (app.topic_id == null) throw conflict(MSG.applicationNoTopic);
      if (r.resource_id != null) return setPublished(db, r.resource_id, app.topic_id, r.type, 1);
      // a key of the recommendation's own: approval never changes a record already in the catalogue
      const done = await upsertResources(db, [
        {
          type: r.type as ResourceType,
          sourceKey: `recommend:${r.id}`,
          title: r.title,
          date: r.date,
          fields: JSON.parse(r.fields) as Record<string, unknown>,
          searchText: r.search_text,
          topicId: app.topic_id,
          categoryOne: r.category,
          categoryTwo: r.category ? r.subcategory : null,
        },
      ]);
      await db.updateTable('resource_recommendations').set({ resource_id: done.ids[0] }).where('id', '=', r.id).execute();
    } else if (r.resource_id != null && app.topic_id != null) {
      await setPublished(db, r.resource_id, app.topic_id, r.type, 0);
    }
  },
};
