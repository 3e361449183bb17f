/**
 * The console resource manager: a manager lists, creates, changes and deletes the resources
 * of their application's topic for the types without a real data set. Writes go through the resource
 * store (server/resources/store.ts), so `resource_topics` (type, date_key) and `topic_type_counts`
 * stay right for the panel reads, each in one transaction.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { resourceVisible, type ResourceRows } from '../../policies/rows.js';
import { readPage } from '../../db/paging.js';
import { containsText } from '../../db/like.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, fromZod, notFound } from '../../http/errors.js';
import { refreshTopicTypeCounts, removeResourceFromTopic, updateResource, upsertResources } from '../../resources/store.js';
import { attachmentKeys, hasContent, sanitizeRichText } from '../../content/sanitize.js';
import { makePage, type Page } from '../../../common/page.js';
import type { Dialect } from '../../db/migrations/helpers.js';
import { countByPrefix, titlesByPrefix } from '../../resources/suggest.js';
import { parseFields, presentResource, type ResourceItem } from '../../resources/present.js';
import { topicResources } from '../../resources/inTopic.js';
import { MSG } from '../../../common/messages.js';
import {
  RESOURCE_TYPE_SPECS,
  getPath,
  isResourceType,
  resourceBodySchema,
  setPath,
  type ConsoleResource,
  type ConsoleResourceType,
  type ResourceBody,
} from '../../../common/resourceFields.js';
import type { ResourceType } from '../../../common/constants.js';

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

/**
 * A page of the topic's resources of one type, newest first (date descending, undated last, then
 * newest created), optionally those whose title contains `query` (case-insensitive, literal).
 */
export async function listResources(
  db: Db,
  topicId: number,
  q: { type: ConsoleResourceType; page: number; size: number; query?: string },
): Promise<Page<ConsoleResource>> {
  let base = topicResources(db, topicId, q.type);
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
export function parseResourceBody(type: ResourceType, raw: unknown): ResourceBody {
  const r = resourceBodySchema(type).safeParse(raw);
  if (!r.success) throw fromZod(r.error, 'body');
  return r.data;
}

/**
 * The fields to store: the submitted ones (rich text sanitised as notices are, an empty document left
 * out), plus the date under the type's `dateAs` name, its year (a number) under `yearAs` and the title
 * under `titleAs`.
 */
export function storedFields(type: ResourceType, body: ResourceBody, kept: Record<string, unknown> = {}): Record<string, unknown> {
  const spec = RESOURCE_TYPE_SPECS[type];
  const out: Record<string, unknown> = structuredClone(kept);
  // every editable field is replaced (a blank one removed); fields the console does not edit are kept
  for (const f of spec.fields) {
    let v = getPath(body.fields, f.name);
    if (f.kind === 'html' && typeof v === 'string') {
      v = sanitizeRichText(v);
      if (!hasContent(v as string)) v = undefined;
    }
    setPath(out, f.name, v);
  }
  for (const [k, v] of Object.entries(out)) if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) delete out[k];
  if (spec.dateAs) setPath(out, spec.dateAs, body.date ?? undefined);
  if (spec.yearAs) setPath(out, spec.yearAs, body.date ? Number(body.date.slice(0, 4)) : undefined);
  if (spec.titleAs) setPath(out, spec.titleAs, body.title);
  return out;
}

/** The text of a stored value for search: text, numbers, and lists of them or of named things (a journal's 小类 `{ name, name_en }`). */
function searchValues(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.flatMap(searchValues);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return [o.name, o.name_en].flatMap(searchValues);
  }
  return [];
}

/**
 * Extra search text: the values of the type's `search` fields (the imported types, as their importer
 * indexes them: decision 260), or else the text fields' values (rich text as its text, stored file paths
 * left out).
 */
export function searchTextOf(type: ResourceType, fields: Record<string, unknown>): string {
  const spec = RESOURCE_TYPE_SPECS[type];
  if (spec.search)
    return spec.search
      .flatMap((name) => searchValues(getPath(fields, name)))
      .filter((t) => t.trim() !== '')
      .join(' ')
      .slice(0, 4000);
  const kinds = new Map(spec.fields.map((f) => [f.name, f.kind]));
  return Object.entries(fields)
    .flatMap(([k, v]) => {
      if (kinds.get(k) === 'pdf') return [];
      if (kinds.get(k) === 'html' && typeof v === 'string') return [v.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ')];
      return typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
    })
    .join(' ')
    .slice(0, 4000);
}

/**
 * Checks the stored files a body names (kind `pdf`): each must be a file of the upload service whose
 * content was found to be a PDF; 400 naming the field (请上传 PDF 文件 / …只接受 PDF 文件…) otherwise.
 */
async function checkFileFields(db: Db, type: ResourceType, body: ResourceBody): Promise<void> {
  for (const f of RESOURCE_TYPE_SPECS[type].fields) {
    if (f.kind !== 'pdf') continue;
    const v = getPath(body.fields, f.name);
    if (typeof v !== 'string') continue;
    const row = await db.selectFrom('files').select('content_type').where('key', '=', v.slice('/files/'.length)).executeTakeFirst();
    if (!row) throw badRequest(MSG.reportPdfInvalid, { [`body.fields.${f.name}`]: MSG.reportPdfInvalid });
    if (row.content_type !== 'application/pdf') throw badRequest(MSG.reportPdfNotPdf, { [`body.fields.${f.name}`]: MSG.reportPdfNotPdf });
  }
}

/**
 * Rewrites the files a resource keeps for readers holding 下载附件 (table restricted_resource_files,
 * docs/decisions.md 302): when its `restrictDownload` field is on, its PDF fields' files and the
 * attachments of its rich text; none otherwise. Run in the transaction that wrote the resource.
 */
async function syncRestrictedFiles(db: Db, type: ResourceType, resourceId: number, topicId: number, fields: Record<string, unknown>): Promise<void> {
  await db.deleteFrom('restricted_resource_files').where('resource_id', '=', resourceId).where('topic_id', '=', topicId).execute();
  if (fields.restrictDownload !== true) return;
  const keys = new Set<string>();
  for (const f of RESOURCE_TYPE_SPECS[type].fields) {
    const v = getPath(fields, f.name);
    if (typeof v !== 'string') continue;
    if (f.kind === 'pdf') keys.add(v.slice('/files/'.length));
    if (f.kind === 'html') for (const k of attachmentKeys(v)) keys.add(k);
  }
  if (keys.size)
    await db
      .insertInto('restricted_resource_files')
      .values([...keys].map((file_key) => ({ file_key, resource_id: resourceId, topic_id: topicId })))
      .execute();
}

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

/**
 * Creates a resource of the type in the topic (a new source key `console:<uuid>`), indexed for search
 * like an imported one; one transaction. `published: false` stores it as a draft that visitors do not see
 * (the reports page, decision 301); `category` (and `subcategory`) file it under the topic's category of
 * that name, made when missing (the topic's data page).
 */
export async function createResource(
  db: Db,
  topicId: number,
  type: ResourceType,
  body: ResourceBody,
  opts: { published?: boolean; category?: string | null; subcategory?: string | null } = {},
): Promise<ConsoleResource> {
  await checkFileFields(db, type, body);
  const fields = storedFields(type, body);
  const id = await db.transaction().execute(async (tx) => {
    const r = await upsertResources(tx, [
      {
        type,
        sourceKey: `console:${crypto.randomUUID()}`,
        title: body.title,
        date: body.date ?? null,
        fields,
        searchText: searchTextOf(type, fields),
        topicId,
        categoryOne: opts.category || null,
        categoryTwo: opts.category ? opts.subcategory || null : null,
      },
    ]);
    const id = r.ids[0];
    if (opts.published === false) {
      await tx.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', id).where('topic_id', '=', topicId).execute();
      await refreshTopicTypeCounts(tx, [{ topicId, type }]);
    }
    await syncRestrictedFiles(tx, type, id, topicId, fields);
    return id;
  });
  return present(await loadInTopic(db, topicId, id));
}

/**
 * Changes a resource of the topic (404 when it is not in the topic, or not of one of `types` when given);
 * the stored type stays (400 when the body names another). Fields the form does not edit (e.g. from an
 * import) are kept; a type without a date (`noDate`) keeps its stored one. The search index follows
 * (server/resources/store.ts updateResource), in the same transaction.
 */
export async function changeResource(
  db: Db,
  topicId: number,
  resourceId: number,
  bodyType: string | undefined,
  raw: unknown,
  types?: readonly string[],
): Promise<ConsoleResource> {
  const row = await loadInTopic(db, topicId, resourceId);
  if (!isResourceType(row.type) || (types && !types.includes(row.type))) throw notFound(MSG.resourceNotFound);
  const type = row.type;
  if (bodyType !== undefined && bodyType !== type) throw badRequest(MSG.resourceTypeFixed, { 'body.type': MSG.resourceTypeFixed });
  const body = parseResourceBody(type, raw);
  await checkFileFields(db, type, body);
  const fields = storedFields(type, body, parseFields(row.fields));
  const date = RESOURCE_TYPE_SPECS[type].noDate ? row.date : (body.date ?? null);
  await db.transaction().execute(async (tx) => {
    await updateResource(tx, resourceId, { title: body.title, date, fields, searchText: searchTextOf(type, fields) });
    await syncRestrictedFiles(tx, type, resourceId, topicId, fields);
  });
  return present(await loadInTopic(db, topicId, resourceId));
}

/** Deletes a resource from the topic (404 when it is not in it); the counts follow. One transaction. */
export async function deleteResource(db: Db, topicId: number, resourceId: number): Promise<void> {
  const row = await loadInTopic(db, topicId, resourceId);
  await db.transaction().execute((tx) => removeResourceFromTopic(tx, resourceId, topicId, row.type));
}

/** The most journals a title lookup counts exactly. */
const JOURNAL_COUNT_CAP = 10_000;

/**
 * The journal lookup (POST /api/v3/resources/journal; decision 296): the journal of an ISSN (exact), or
 * a page of the journals whose title starts with `q` (every journal without it) in title order;
 * totalElements counts up to JOURNAL_COUNT_CAP.
 */
export async function lookupJournals(
  db: Db,
  dialect: Dialect,
  q: { issn?: string; q?: string; page: number; size: number },
  visible: ResourceRows,
): Promise<Page<ResourceItem>> {
  if (q.issn) {
    const row = await db
      .selectFrom('resources')
      .select(['id', 'type', 'title', 'date', 'fields'])
      .where('type', '=', 'journal')
      .where('source_key', '=', q.issn)
      .where(resourceVisible(visible, sql.ref('resources.id')))
      .executeTakeFirst();
    return makePage(row ? [presentResource(row)] : [], row ? 1 : 0, 1, q.size);
  }
  const prefix = q.q ?? '';
  const [rows, total] = await Promise.all([
    titlesByPrefix(db, dialect, 'journal', prefix, visible, q.size, (q.page - 1) * q.size),
    countByPrefix(db, dialect, 'journal', prefix, visible, JOURNAL_COUNT_CAP),
  ]);
  return makePage(rows.map(presentResource), total, q.page, q.size);
}
