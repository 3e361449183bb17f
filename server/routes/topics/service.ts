/**
 * Topics and their data in the console (spec 1 §2 `/console/topics/**`; decision 265).
 *
 * - Who: a super manager sees and manages every topic; a manager with the content right of an
 *   application sees that application's topic and manages its data, not the topic itself.
 * - A topic in use by an application cannot be deleted (409 naming the applications); deleting one
 *   removes its categories, its resource links and the resources no other topic holds, in one transaction.
 * - The data list reads one type of a topic, 20 a page (spec 2 §9), newest first, with title search,
 *   category, year and published filters (and, for reports and WeChat articles, the report type and the
 *   account: decision 343); bulk actions (delete, publish, withdraw, re-categorise) act
 *   on up to 500 resources of the topic in one transaction and keep `topic_type_counts` right.
 */
import type { Db } from '../../db/index.js';
import { inManaged, type RequestScope } from '../../policies/scope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { ensureCategories, refreshTopicTypeCounts, removeResourceFromTopic } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import type { ResourceType } from '../../../common/constants.js';
import { resourceTypeOf } from '../../../common/resourceTypes.js';
import type { BulkBody, CategoryChange } from './schema.js';
import type { CategoryNode, TopicStats, TopicSummary } from '../../../common/topics.js';
import type { CategoryUsage } from '../../../common/contracts/topics.js';

const now = () => new Date().toISOString();

/** The ids of the topics the viewer may open: all (null) for a super manager, else those of the applications they manage with the content right. */
export async function visibleTopicIds(db: Db, scope: RequestScope): Promise<number[] | null> {
  const managed = await scope.managedApplications('content');
  if (managed.all) return null;
  if (!managed.ids.length) return [];
  const apps = await db.selectFrom('applications').select('topic_id').where('id', 'in', managed.ids).where('topic_id', 'is not', null).execute();
  return [...new Set(apps.map((a) => a.topic_id as number))];
}

/** The topic's id and title, or 404 专题不存在. */
export async function getTopic(db: Db, topicId: number): Promise<{ id: number; title: string }> {
  const t = await db.selectFrom('topics').select(['id', 'title']).where('id', '=', topicId).executeTakeFirst();
  if (!t) throw notFound(MSG.topicNotFound);
  return t;
}

/**
 * The application through which the viewer of `scope` reaches the topic's data (the access finder of the data calls,
 * decision 265): one using the topic that they manage with the content right; 0 (no application) when
 * there is none, so that the declared access refuses everyone but a super manager with 403 as
 * requireTopic does. 404 专题不存在 when the topic does not exist.
 */
export async function topicApplicationFor(db: Db, scope: RequestScope, topicId: number): Promise<number> {
  await getTopic(db, topicId);
  if (!scope.signedIn) return 0;
  const apps = await db.selectFrom('applications').select('id').where('topic_id', '=', topicId).orderBy('id').execute();
  for (const a of apps) if (await scope.manages(a.id, 'content')) return a.id;
  return 0;
}

/** The category tree of a topic, levels sorted by label. */
export async function categoryTree(db: Db, topicId: number): Promise<CategoryNode[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'label']).where('topic_id', '=', topicId).orderBy('label').execute();
  const top = rows.filter((r) => r.parent_id === null);
  return top.map((t) => {
    const children = rows.filter((r) => r.parent_id === t.id).map((c) => ({ label: c.label, value: c.label }));
    return { label: t.label, value: t.label, ...(children.length ? { children } : {}) };
  });
}

/**
 * Every topic (an application's settings choose among all of them), with its resource count, the
 * applications using it that the viewer may see, and whether the viewer may open its data page. A draft (or
 * one awaiting review) is its managers' and the super managers' only (decisions 248, 418): a manager
 * sees the released applications and the ones they manage, a super manager every one.
 */
export async function listTopics(db: Db, scope: RequestScope): Promise<TopicSummary[]> {
  const visible = await visibleTopicIds(db, scope);
  const managed = await scope.managedApplications();
  const topics = await db.selectFrom('topics').select(['id', 'title', 'cover', 'description', 'created_at']).orderBy('id').execute();
  if (!topics.length) return [];
  const ids = topics.map((t) => t.id);
  const [counts, apps] = await Promise.all([
    db
      .selectFrom('resource_topics')
      .select(['topic_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('topic_id', 'in', ids)
      .groupBy('topic_id')
      .execute(),
    db
      .selectFrom('applications')
      .select(['id', 'name', 'topic_id'])
      .where('topic_id', 'in', ids)
      .$if(!managed.all, (q) => q.where((eb) => eb.or([eb('status', '=', 'released'), inManaged(managed, 'applications.id')])))
      .orderBy('id')
      .execute(),
  ]);
  return topics.map((t) => ({
    id: t.id,
    title: t.title,
    cover: t.cover,
    description: t.description,
    createdAt: t.created_at,
    resources: Number(counts.find((c) => c.topic_id === t.id)?.n ?? 0),
    applications: apps.filter((a) => a.topic_id === t.id).map((a) => ({ id: a.id, name: a.name })),
    manageable: visible === null || visible.includes(t.id),
  }));
}

/** Creates a topic; 409 when another has the same title. Returns its id. */
export async function createTopic(db: Db, body: { title: string; cover: string | null; description: string | null }): Promise<number> {
  const same = await db.selectFrom('topics').select('id').where('title', '=', body.title).executeTakeFirst();
  if (same) throw conflict(MSG.topicTitleTaken);
  const row = await db
    .insertInto('topics')
    .values({ title: body.title, cover: body.cover, description: body.description, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a topic's title, cover and description; 404 when missing, 409 when the title is another's. */
export async function updateTopic(db: Db, topicId: number, body: { title: string; cover: string | null; description: string | null }): Promise<void> {
  const same = await db.selectFrom('topics').select('id').where('title', '=', body.title).where('id', '<>', topicId).executeTakeFirst();
  if (same) throw conflict(MSG.topicTitleTaken);
  const r = await db.updateTable('topics').set(body).where('id', '=', topicId).executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound(MSG.topicNotFound);
}

/**
 * Deletes a topic with its categories, counts and links, and the resources no other topic holds; 404
 * when missing, 409 naming the applications that use it. One transaction.
 */
export async function deleteTopic(db: Db, topicId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const t = await tx.selectFrom('topics').select('id').where('id', '=', topicId).executeTakeFirst();
    if (!t) throw notFound(MSG.topicNotFound);
    const users = await tx.selectFrom('applications').select('name').where('topic_id', '=', topicId).orderBy('id').execute();
    if (users.length) throw conflict(MSG.topicInUse(users.map((u) => u.name).join('、')));
    // resources held by this topic only
    await tx
      .deleteFrom('resources')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('resource_topics as rt')
          .select('rt.resource_id')
          .where('rt.topic_id', '=', topicId)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('resource_topics as o')
                  .select('o.resource_id')
                  .whereRef('o.resource_id', '=', 'rt.resource_id')
                  .where('o.topic_id', '<>', topicId),
              ),
            ),
          ),
      )
      .execute();
    await tx.deleteFrom('resource_topics').where('topic_id', '=', topicId).execute();
    await tx.deleteFrom('topic_type_counts').where('topic_id', '=', topicId).execute();
    await tx.deleteFrom('categories').where('topic_id', '=', topicId).execute();
    await tx.deleteFrom('topics').where('id', '=', topicId).execute();
  });
}

/** Resources per type in a topic (all, and published), largest first. */
export async function topicTypeCounts(db: Db, topicId: number): Promise<TopicStats['types']> {
  const rows = await db
    .selectFrom('resource_topics')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('published').as('p')])
    .where('topic_id', '=', topicId)
    .groupBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type, total: Number(r.n), published: Number(r.p ?? 0) })).sort((a, b) => b.total - a.total || (a.type < b.type ? -1 : 1));
}

/**
 * One bulk action over resources of the topic (ids not in the topic are left out); returns how many it
 * changed. One transaction; the counts of the touched types follow.
 */
export async function bulkTopicResources(db: Db, topicId: number, body: BulkBody): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('resource_topics')
      .select(['resource_id', 'type'])
      .where('topic_id', '=', topicId)
      .where('resource_id', 'in', body.ids)
      .execute();
    if (!rows.length) return 0;
    const ids = rows.map((r) => r.resource_id);
    if (body.action === 'delete') {
      for (const r of rows) await removeResourceFromTopic(tx, r.resource_id, topicId, r.type);
      return rows.length;
    }
    if (body.action === 'categorise') {
      await ensureCategories(tx, [{ topicId, categoryOne: body.category, categoryTwo: body.subcategory }]);
      await tx
        .updateTable('resource_topics')
        .set({ category_one: body.category, category_two: body.subcategory })
        .where('topic_id', '=', topicId)
        .where('resource_id', 'in', ids)
        .execute();
      return rows.length;
    }
    await tx
      .updateTable('resource_topics')
      .set({ published: body.action === 'publish' ? 1 : 0 })
      .where('topic_id', '=', topicId)
      .where('resource_id', 'in', ids)
      .execute();
    await refreshTopicTypeCounts(
      tx,
      [...new Set(rows.map((r) => r.type))].map((type) => ({ topicId, type: type as ResourceType })),
    );
    return rows.length;
  });
}

/** The category node of a path in a topic's tree (first level, or second under its first), or undefined. */
async function nodeOf(db: Db, topicId: number, path: string[]): Promise<{ id: number; parent_id: number | null } | undefined> {
  const first = await db
    .selectFrom('categories')
    .select(['id', 'parent_id'])
    .where('topic_id', '=', topicId)
    .where('parent_id', 'is', null)
    .where('label', '=', path[0])
    .executeTakeFirst();
  if (!first || path.length === 1) return first;
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id'])
    .where('topic_id', '=', topicId)
    .where('parent_id', '=', first.id)
    .where('label', '=', path[1])
    .executeTakeFirst();
}

/** A resource type's Chinese name (the type itself for one without a name). */
const typeLabel = (type: string) => resourceTypeOf(type)?.label ?? type;

/** `项目 120 条、机构 35 条` for a usage list. */
export const usageText = (types: CategoryUsage['types']) => types.map((t) => MSG.categoryUsage(t.label, t.count)).join('、');

/**
 * How many of the topic's records (published or not) of each resource type are filed under the
 * category `path` (`[first]` or `[first, second]`), most first, then by type; types without any are left
 * out. 404 分类不存在 for a path not in the tree. What a move of the category would change (decision 540).
 */
export async function categoryUsage(db: Db, topicId: number, path: string[]): Promise<CategoryUsage> {
  if (!(await nodeOf(db, topicId, path))) throw notFound(MSG.categoryNotFound);
  const rows = await db
    .selectFrom('resource_topics')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('topic_id', '=', topicId)
    .where('category_one', '=', path[0])
    .$if(path.length > 1, (q) => q.where('category_two', '=', path[1]))
    .groupBy('type')
    .execute();
  const types = rows
    // resource_topics.type holds resource types only (written from the registry's types)
    .map((r) => ({ type: r.type as ResourceType, label: typeLabel(r.type), count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : 1));
  return { path, types };
}

/**
 * One change of a topic's category tree (rename, merge, move), with the resources' links following,
 * in one transaction; returns the Chinese message of the change. 404 for a path not in the tree, 409
 * when a rename or a move meets a category of the same name (merge them instead), 400 for a merge of
 * two levels or a move of a first-level category.
 *
 * A move changes only the records of the types it names (decision 540): without `types` it is refused
 * (409 naming the count of each type) when records of more than one type are filed under the category;
 * `types` naming a type without records there is refused (400). When the named types are all those
 * with records, the category itself moves; otherwise it is split: a category of the same label is made
 * under the new parent for the named types' records, and the others keep the old one.
 */
export async function changeCategories(db: Db, topicId: number, change: CategoryChange): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const source = await nodeOf(tx, topicId, change.path);
    if (!source) throw notFound(MSG.categoryNotFound);
    const [one, two] = change.path;
    const links = tx.updateTable('resource_topics').where('topic_id', '=', topicId).where('category_one', '=', one);
    if (change.op === 'rename') {
      const target = two === undefined ? [change.to] : [one, change.to];
      if (change.to === (two ?? one)) return MSG.categoryRenamed;
      if (await nodeOf(tx, topicId, target)) throw conflict(MSG.categoryExists(change.to));
      await tx.updateTable('categories').set({ label: change.to }).where('id', '=', source.id).execute();
      if (two === undefined) await links.set({ category_one: change.to }).execute();
      else await links.where('category_two', '=', two).set({ category_two: change.to }).execute();
      return MSG.categoryRenamed;
    }
    if (change.op === 'merge') {
      if (change.into.length !== change.path.length) throw badRequest(MSG.categoryLevelsDiffer);
      const target = await nodeOf(tx, topicId, change.into);
      if (!target) throw notFound(MSG.categoryNotFound);
      if (target.id === source.id) return MSG.categoryMerged(two ?? one, change.into.at(-1)!);
      if (two === undefined) {
        // the second-level categories come along: a same-named one joins the target's
        const kids = await tx.selectFrom('categories').select(['id', 'label']).where('parent_id', '=', source.id).execute();
        for (const k of kids) {
          const twin = await nodeOf(tx, topicId, [change.into[0], k.label]);
          if (twin) await tx.deleteFrom('categories').where('id', '=', k.id).execute();
          else await tx.updateTable('categories').set({ parent_id: target.id }).where('id', '=', k.id).execute();
        }
        await links.set({ category_one: change.into[0] }).execute();
      } else {
        await links.where('category_two', '=', two).set({ category_one: change.into[0], category_two: change.into[1] }).execute();
      }
      await tx.deleteFrom('categories').where('id', '=', source.id).execute();
      return MSG.categoryMerged(two ?? one, change.into.at(-1)!);
    }
    // move a second-level category under another first-level one
    if (two === undefined) throw badRequest(MSG.categoryMoveSecondOnly);
    const parent = await nodeOf(tx, topicId, [change.under]);
    if (!parent) throw notFound(MSG.categoryNotFound);
    if (parent.id === source.parent_id) return MSG.categoryMoved(two, change.under);
    const { types: usage } = await categoryUsage(tx, topicId, change.path);
    if (!change.types && usage.length > 1) throw conflict(MSG.categoryMoveChooseTypes(two, usageText(usage)));
    const chosen = change.types ?? usage.map((u) => u.type);
    const empty = chosen.filter((t) => !usage.some((u) => u.type === t));
    if (empty.length) throw badRequest(MSG.categoryMoveTypeEmpty(two, empty.map(typeLabel).join('、')));
    if (await nodeOf(tx, topicId, [change.under, two])) throw conflict(MSG.categoryExists(`${change.under} / ${two}`));
    if (usage.every((u) => chosen.includes(u.type))) {
      await tx.updateTable('categories').set({ parent_id: parent.id }).where('id', '=', source.id).execute();
      await links.where('category_two', '=', two).set({ category_one: change.under }).execute();
      return MSG.categoryMoved(two, change.under);
    }
    // split: the chosen types' records go to a same-named category under the new parent
    await tx.insertInto('categories').values({ topic_id: topicId, parent_id: parent.id, label: two }).execute();
    await links.where('category_two', '=', two).where('type', 'in', chosen).set({ category_one: change.under }).execute();
    return MSG.categoryMovedFor(two, usageText(usage.filter((u) => chosen.includes(u.type))), change.under, one);
  });
}
