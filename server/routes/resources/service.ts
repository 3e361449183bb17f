/**
 * The console resource manager (issue 3): a manager lists, creates, changes and deletes the resources
 * of their application's topic for the types without a real data set. Writes go through the resource
 * store (server/resources/store.ts), so `resource_topics` (type, date_key) and `topic_type_counts`
 * stay right for the panel reads, each in one transaction.
 */
import crypto from 'node:crypto';
import { readPage } from '../../db/paging.js';
import { containsText } from '../../db/like.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, fromZod, notFound } from '../../http/errors.js';
import { removeResourceFromTopic, updateResource, upsertResources } from '../../resources/store.js';
import { parseFields } from '../../resources/present.js';
import type { Page } from '../../../common/page.js';
import { MSG } from '../../../common/messages.js';
import {
  RESOURCE_TYPE_SPECS,
  getPath,
  resourceBodySchema,
  setPath,
  type ConsoleResource,
  type ConsoleResourceType,
  type ResourceBody,
} from '../../../common/resourceFields.js';

function present(r: { id: number; type: string; title: string; date: string | null; fields: string; created_at: string; updated_at: string }): ConsoleResource {
  return { id: r.id, type: r.type, title: r.title, date: r.date, fields: parseFields(r.fields), createdAt: r.created_at, updatedAt: r.updated_at };
}

/** The topic of an application; 404 when the application is missing, 409 when it has no topic. */
export async function topicOfApplication(db: Db, applicationId: number): Promise<number> {
  const app = await db.selectFrom('applications').select(['id', 'topic_id']).where('id', '=', applicationId).executeTakeFirst();
  if (!app) throw notFound(MSG.applicationNotFound);
  if (app.topic_id == null) throw conflict(MSG.applicationNoTopic);
  return app.topic_id;
}

/** `%text%` for LIKE with %, _ and \ taken literally (the query uses ESCAPE '\'). */

/**
 * A page of the topic's resources of one type, newest first (date descending, undated last, then
 * newest created), optionally those whose title contains `query` (case-insensitive, literal).
 */
export async function listResources(
  db: Db,
  topicId: number,
  q: { type: ConsoleResourceType; page: number; size: number; query?: string },
): Promise<Page<ConsoleResource>> {
  let base = db
    .selectFrom('resource_topics')
    .innerJoin('resources', 'resources.id', 'resource_topics.resource_id')
    .where('resource_topics.topic_id', '=', topicId)
    .where('resource_topics.type', '=', q.type);
  if (q.query) base = base.where(containsText('resources.title', q.query));
  return readPage(
    base,
    q,
    (qb) =>
      qb
        .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields', 'resources.created_at', 'resources.updated_at'])
        .orderBy('resource_topics.date_key', 'desc')
        .orderBy('resources.id', 'desc'),
    present,
  );
}

/** Checks a body against the type's schema (400 naming the fields, Chinese message). */
export function parseResourceBody(type: ConsoleResourceType, raw: unknown): ResourceBody {
  const r = resourceBodySchema(type).safeParse(raw);
  if (!r.success) throw fromZod(r.error, 'body');
  return r.data;
}

/** The fields to store: the submitted ones, plus the date under the type's `dateAs` name. */
function storedFields(type: ConsoleResourceType, body: ResourceBody, kept: Record<string, unknown> = {}): Record<string, unknown> {
  const spec = RESOURCE_TYPE_SPECS[type];
  const out: Record<string, unknown> = structuredClone(kept);
  // every editable field is replaced (a blank one removed); fields the console does not edit are kept
  for (const f of spec.fields) setPath(out, f.name, getPath(body.fields, f.name));
  for (const [k, v] of Object.entries(out)) if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) delete out[k];
  if (spec.dateAs) setPath(out, spec.dateAs, body.date ?? undefined);
  return out;
}

/** Extra search text: the text fields' values. */
const searchTextOf = (fields: Record<string, unknown>) =>
  Object.values(fields)
    .flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []))
    .join(' ')
    .slice(0, 4000);

async function loadInTopic(db: Db, topicId: number, resourceId: number) {
  const row = await db
    .selectFrom('resources')
    .innerJoin('resource_topics', 'resource_topics.resource_id', 'resources.id')
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields', 'resources.created_at', 'resources.updated_at'])
    .where('resources.id', '=', resourceId)
    .where('resource_topics.topic_id', '=', topicId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.resourceNotFound);
  return row;
}

/** Creates a resource of the type in the topic (a new source key `console:<uuid>`); one transaction. */
export async function createResource(db: Db, topicId: number, type: ConsoleResourceType, body: ResourceBody): Promise<ConsoleResource> {
  const fields = storedFields(type, body);
  const id = await db.transaction().execute(async (tx) => {
    const r = await upsertResources(tx, [
      {
        type,
        sourceKey: `console:${crypto.randomUUID()}`,
        title: body.title,
        date: body.date ?? null,
        fields,
        searchText: searchTextOf(fields),
        topicId,
      },
    ]);
    return r.ids[0];
  });
  return present(await loadInTopic(db, topicId, id));
}

/**
 * Changes a resource of the topic (404 when it is not in the topic); the stored type stays (400 when the
 * body names another). Fields the console does not edit (e.g. from an import) are kept.
 */
export async function changeResource(db: Db, topicId: number, resourceId: number, bodyType: string | undefined, raw: unknown): Promise<ConsoleResource> {
  const row = await loadInTopic(db, topicId, resourceId);
  if (!(row.type in RESOURCE_TYPE_SPECS)) throw notFound(MSG.resourceNotFound);
  const type = row.type as ConsoleResourceType;
  if (bodyType !== undefined && bodyType !== type) throw badRequest(MSG.resourceTypeFixed, { 'body.type': MSG.resourceTypeFixed });
  const body = parseResourceBody(type, raw);
  const fields = storedFields(type, body, parseFields(row.fields));
  await db
    .transaction()
    .execute((tx) => updateResource(tx, resourceId, { title: body.title, date: body.date ?? null, fields, searchText: searchTextOf(fields) }));
  return present(await loadInTopic(db, topicId, resourceId));
}

/** Deletes a resource from the topic (404 when it is not in it); the counts follow. One transaction. */
export async function deleteResource(db: Db, topicId: number, resourceId: number): Promise<void> {
  const row = await loadInTopic(db, topicId, resourceId);
  await db.transaction().execute((tx) => removeResourceFromTopic(tx, resourceId, topicId, row.type));
}
