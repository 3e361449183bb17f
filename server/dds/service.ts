/**
 * Document delivery 文献传递 (issue 29 §7; docs/decisions.md 600-609): a reader's request for a full text
 * (typed, or filled from a catalogue record or a DOI of the site), the reader's list with today's count
 * against the site's daily limit, the staff queue of one application, the state machine 待处理 → 已传递 /
 * 无法提供 (common/dds.ts) with a 站内信 to the reader inside the same transaction, the download through a
 * link valid 7 days and 5 downloads, and the purge of expired files. The routes (server/routes/dds) have
 * checked who calls; every read here is also bounded by its row (the reader's own, or the application's).
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { DdsRequestsTable, User } from '../db/schema.js';
import { newKey, type FileStorage, type StoredObject } from '../files/storage.js';
import { checkUpload } from '../files/check.js';
import { HttpError, badRequest, conflict, notFound, tooMany } from '../http/errors.js';
import { readPage } from '../db/paging.js';
import { jsonText } from '../db/json.js';
import { userLabel } from '../audit/record.js';
import { resourceVisible, type ResourceRows } from '../policies/rows.js';
import { notify } from '../notifications/send.js';
import { hit } from '../http/rateLimit.js';
import { MSG, fillMsg } from '../../common/messages.js';
import {
  DDS_DEFAULT_DAILY_LIMIT,
  DDS_FIELD_MAX,
  DDS_FILE_MAX_MB,
  DDS_HREF,
  DDS_LINK_DAYS,
  DDS_MAX_DOWNLOADS,
  DDS_STATE_LABELS,
  ddsDayStart,
  isDdsState,
  normaliseDoi,
  type DdsState,
} from '../../common/dds.js';
import type { Dds, DdsCitation, DdsLookup, MyDds } from '../../common/contracts/dds.js';
import type { Page } from '../../common/page.js';

type Row = Selectable<DdsRequestsTable>;

/** Whether the row's file can be downloaded at `now`: delivered, stored, unexpired, downloads left. */
const downloadable = (row: Row, now: string) =>
  row.state === 'delivered' && !!row.file_key && !!row.expires_at && row.expires_at > now && row.downloads < DDS_MAX_DOWNLOADS;

/** A stored row as its reader sees it. */
function presentMine(row: Row, now = new Date().toISOString()): MyDds {
  return {
    id: row.id,
    applicationId: row.application_id,
    resourceId: row.resource_id,
    title: row.title,
    authors: row.authors,
    journal: row.journal,
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    doi: row.doi,
    note: row.note,
    state: isDdsState(row.state) ? row.state : 'pending',
    reason: row.reason,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    deliveredAt: row.delivered_at,
    expiresAt: row.expires_at,
    downloads: Number(row.downloads),
    downloadsLeft: row.state === 'delivered' ? Math.max(0, DDS_MAX_DOWNLOADS - Number(row.downloads)) : 0,
    downloadable: downloadable(row, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type StaffRow = Row & { user_name: string; user_phone: string | null; user_email: string | null; handler_name: string | null };

/** A stored row with its reader and handler, as staff see it. */
function presentStaff(row: StaffRow): Dds {
  const label = userLabel({ name: row.user_name, phone: row.user_phone, email: row.user_email });
  const contact = label.startsWith(`${row.user_name}（`) ? label.slice(row.user_name.length + 1, -1) : null;
  return { ...presentMine(row), userId: row.user_id, userName: row.user_name, userContact: contact, handlerName: row.handler_name };
}

/** The daily limit of application `applicationId` (decision 602): its setting, or DDS_DEFAULT_DAILY_LIMIT. */
export async function ddsDailyLimit(db: Db, applicationId: number): Promise<number> {
  const row = await db.selectFrom('dds_settings').select('daily_limit').where('application_id', '=', applicationId).executeTakeFirst();
  return row ? Number(row.daily_limit) : DDS_DEFAULT_DAILY_LIMIT;
}

/** Sets the daily limit of application `applicationId` (1-100, checked by the route); resolves with it. */
export async function saveDdsDailyLimit(db: Db, applicationId: number, dailyLimit: number): Promise<number> {
  const t = new Date().toISOString();
  await db
    .insertInto('dds_settings')
    .values({ application_id: applicationId, daily_limit: dailyLimit, updated_at: t })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ daily_limit: dailyLimit, updated_at: t }))
    .execute();
  return dailyLimit;
}

/** The requests reader `userId` sent to application `applicationId` since the start of today (UTC+8). */
async function countToday(db: Db, userId: number, applicationId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('dds_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .where('created_at', '>=', ddsDayStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A text field of a record's `fields` as one line: a list joined by '; ', a number as text, else ''. */
function fieldLine(v: unknown, max: number): string {
  const s = Array.isArray(v)
    ? v.filter((x) => typeof x === 'string' || typeof x === 'number').join('; ')
    : typeof v === 'string' || typeof v === 'number'
      ? String(v)
      : '';
  return s.trim().slice(0, max);
}

/** The citation a catalogue record gives: title, authors, journal, year (publish_year or the date's), volume, issue, pages, DOI. */
function citationOf(r: { title: string; date: string | null; fields: string }): DdsCitation {
  let f: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(r.fields);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) f = parsed as Record<string, unknown>;
  } catch {
    f = {};
  }
  const year = fieldLine(f.publish_year ?? f.year, 10) || (r.date ?? '').slice(0, 4);
  return {
    title: r.title.slice(0, DDS_FIELD_MAX.title),
    authors: fieldLine(f.author ?? f.authors, DDS_FIELD_MAX.authors),
    journal: fieldLine(f.journal, DDS_FIELD_MAX.journal),
    year: /^\d{4}$/.test(year) ? year : '',
    volume: fieldLine(f.volume, DDS_FIELD_MAX.volume),
    issue: fieldLine(f.issue, DDS_FIELD_MAX.issue),
    pages: fieldLine(f.pages, DDS_FIELD_MAX.pages),
    doi: normaliseDoi(fieldLine(f.doi, DDS_FIELD_MAX.doi)),
  };
}

/**
 * A record of the site's catalogue (decision 607): published in application `applicationId`'s topic and
 * readable under `rows` (the viewer's), found by `resourceId` or by DOI (compared normalised, with or
 * without a doi.org prefix). Resolves with its citation, or null when there is none (also for an
 * application without a topic).
 */
export async function findInCatalogue(db: Db, applicationId: number, rows: ResourceRows, by: { resourceId?: number; doi?: string }): Promise<DdsLookup | null> {
  const app = await db.selectFrom('applications').select('topic_id').where('id', '=', applicationId).executeTakeFirst();
  if (!app || app.topic_id == null) return null;
  let q = db
    .selectFrom('resources')
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('resource_topics as st')
          .select('st.resource_id')
          .whereRef('st.resource_id', '=', 'resources.id')
          .where('st.topic_id', '=', app.topic_id!)
          .where('st.published', '=', 1),
      ),
    )
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .where('resources.import_task', 'is', null);
  if (by.resourceId !== undefined) q = q.where('resources.id', '=', by.resourceId);
  if (by.doi !== undefined) {
    const doi = jsonText(db, 'doi');
    q = q.where(sql<boolean>`lower(${doi}) in (${by.doi}, ${`https://doi.org/${by.doi}`}, ${`doi:${by.doi}`})`);
  }
  const r = await q.orderBy('resources.id').limit(1).executeTakeFirst();
  return r ? { ...citationOf(r), resourceId: r.id, resourceType: r.type } : null;
}

/**
 * The lookup of GET /api/v1/dds/lookup: by `resourceId` (404 该资源不存在或已删除) or by `doi` (400 DOI 格式不正确
 * when it is not a DOI, 404 本站未收录该 DOI when the site's catalogue has none); 400 when neither is given.
 */
export async function lookupCitation(db: Db, applicationId: number, rows: ResourceRows, q: { doi?: string; resourceId?: number }): Promise<DdsLookup> {
  if (q.resourceId !== undefined) {
    const found = await findInCatalogue(db, applicationId, rows, { resourceId: q.resourceId });
    if (!found) throw notFound(MSG.ddsResourceNotFound);
    return found;
  }
  if (q.doi !== undefined) {
    const doi = normaliseDoi(q.doi);
    if (!doi) throw badRequest(MSG.ddsDoiInvalid, { 'query.doi': MSG.ddsDoiInvalid });
    const found = await findInCatalogue(db, applicationId, rows, { doi });
    if (!found) throw notFound(MSG.ddsDoiNotFound);
    return found;
  }
  throw badRequest(MSG.ddsLookupNeeded, { 'query.doi': MSG.ddsLookupNeeded });
}

/** The window of a reader's daily slot counter (decision 577): longer than a day, as the key names the day. */
const DDS_SLOT_WINDOW_MS = 2 * 86_400_000;

/** What a reader's request carries (server/routes/dds/schema.ts `submitDdsBody`, parsed). */
export interface DdsRequestInput extends DdsCitation {
  applicationId: number;
  resourceId?: number | null;
  note: string;
}

/**
 * Stores reader `user`'s request to application `input.applicationId` (the caller has checked the site
 * is readable). A `resourceId` must name a record of the site's catalogue readable under `rows` (404
 * 该资源不存在或已删除). The DOI is stored normalised (400 DOI 格式不正确 when one is given that is not a DOI).
 * Counted against the site's daily limit in the same transaction as the insert: 429
 * 今天的文献传递请求已达上限 past it (decision 602). The check is atomic on both databases (decision 577):
 * the transaction first takes the reader's slot of the day through the shared counter `hit()` (one
 * upsert, which on PostgreSQL holds the counter row until commit, so requests sent at once are counted
 * one after the other), then counts the stored rows; a refusal rolls the slot back with the transaction.
 * Resolves with the request as its reader sees it.
 */
export async function submitDds(db: Db, user: User, rows: ResourceRows, input: DdsRequestInput, now = new Date()): Promise<MyDds> {
  const doi = input.doi ? normaliseDoi(input.doi) : '';
  if (input.doi && !doi) throw badRequest(MSG.ddsDoiInvalid, { 'body.doi': MSG.ddsDoiInvalid });
  if (input.resourceId != null && !(await findInCatalogue(db, input.applicationId, rows, { resourceId: input.resourceId }))) {
    throw notFound(MSG.ddsResourceNotFound);
  }
  const limit = await ddsDailyLimit(db, input.applicationId);
  const t = now.toISOString();
  const slot = `dds:${input.applicationId}:${user.id}:${ddsDayStart(now)}`;
  return db.transaction().execute(async (tx) => {
    const underLimit = await hit(tx, slot, limit, DDS_SLOT_WINDOW_MS, now);
    if (!underLimit || (await countToday(tx, user.id, input.applicationId, now)) >= limit) throw tooMany(fillMsg(MSG.ddsDailyLimit, { n: limit }));
    const row = await tx
      .insertInto('dds_requests')
      .values({
        application_id: input.applicationId,
        user_id: user.id,
        resource_id: input.resourceId ?? null,
        title: input.title,
        authors: input.authors,
        journal: input.journal,
        year: input.year,
        volume: input.volume,
        issue: input.issue,
        pages: input.pages,
        doi,
        note: input.note,
        reason: null,
        file_key: null,
        file_name: null,
        file_type: null,
        file_size: null,
        handler_id: null,
        delivered_at: null,
        expires_at: null,
        created_at: t,
        updated_at: t,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentMine(row, t);
  });
}

/** Reader `userId`'s requests to application `applicationId`, newest first (at most 100), with today's count and the limit. */
export async function myDds(db: Db, userId: number, applicationId: number, now = new Date()) {
  const rows = await db
    .selectFrom('dds_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const t = now.toISOString();
  return {
    content: rows.map((r) => presentMine(r, t)),
    dailyLimit: await ddsDailyLimit(db, applicationId),
    usedToday: await countToday(db, userId, applicationId, now),
  };
}

/** The query of request rows with their reader's and handler's names. */
const staffRows = (db: Db) =>
  db.selectFrom('dds_requests').innerJoin('users as u', 'u.id', 'dds_requests.user_id').leftJoin('users as h', 'h.id', 'dds_requests.handler_id');

const staffColumns = [
  'dds_requests.id',
  'dds_requests.application_id',
  'dds_requests.user_id',
  'dds_requests.resource_id',
  'dds_requests.title',
  'dds_requests.authors',
  'dds_requests.journal',
  'dds_requests.year',
  'dds_requests.volume',
  'dds_requests.issue',
  'dds_requests.pages',
  'dds_requests.doi',
  'dds_requests.note',
  'dds_requests.state',
  'dds_requests.reason',
  'dds_requests.file_key',
  'dds_requests.file_name',
  'dds_requests.file_type',
  'dds_requests.file_size',
  'dds_requests.handler_id',
  'dds_requests.delivered_at',
  'dds_requests.expires_at',
  'dds_requests.downloads',
  'dds_requests.created_at',
  'dds_requests.updated_at',
  'u.name as user_name',
  'u.phone as user_phone',
  'u.email as user_email',
  'h.name as handler_name',
] as const;

/** Application `applicationId`'s requests, filtered by state, newest first, as pages (20 a page by default). */
export async function listDds(db: Db, applicationId: number, q: { state?: DdsState; page: number; size: number }): Promise<Page<Dds>> {
  let base = staffRows(db).where('dds_requests.application_id', '=', applicationId);
  if (q.state) base = base.where('dds_requests.state', '=', q.state);
  return readPage(
    base,
    q,
    (qb) => qb.select(staffColumns).orderBy('dds_requests.id', 'desc'),
    (r) => presentStaff(r as StaffRow),
  );
}

/** Request `id` of application `applicationId` as staff see it; 404 文献传递请求不存在 (also for another application's, decision 601). */
export async function staffDds(db: Db, applicationId: number, id: number): Promise<Dds> {
  const row = await staffRows(db)
    .select(staffColumns)
    .where('dds_requests.id', '=', id)
    .where('dds_requests.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.ddsNotFound);
  return presentStaff(row);
}

/**
 * Moves request `id` of application `applicationId` from 待处理 to `to` in one conditional update inside
 * a transaction, with `set` besides the state, and writes the reader's 站内信 in the same transaction.
 * 404 文献传递请求不存在 when the application has no such request; 409 该请求当前为「…」，不能… when it is
 * not pending (two staff acting at once cannot both pass).
 */
async function moveFromPending(
  db: Db,
  staff: User,
  applicationId: number,
  id: number,
  to: DdsState,
  set: Partial<Pick<Row, 'reason' | 'file_key' | 'file_name' | 'file_type' | 'file_size' | 'delivered_at' | 'expires_at'>>,
  note: { kind: string; title: string; body: string },
  words: string,
): Promise<void> {
  const t = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('dds_requests')
      .set({ ...set, state: to, handler_id: staff.id, updated_at: t })
      .where('id', '=', id)
      .where('application_id', '=', applicationId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      const now = await tx.selectFrom('dds_requests').select('state').where('id', '=', id).where('application_id', '=', applicationId).executeTakeFirst();
      if (!now) throw notFound(MSG.ddsNotFound);
      const state = isDdsState(now.state) ? now.state : 'pending';
      throw conflict(fillMsg(MSG.ddsBadTransition, { state: DDS_STATE_LABELS[state], action: words }));
    }
    const row = await tx.selectFrom('dds_requests').select(['user_id', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
    await notify(tx, { userId: row.user_id, applicationId, kind: note.kind, title: note.title, body: note.body || row.title, link: DDS_HREF });
  });
}

/**
 * The full text's bytes from base64 (with or without a `data:…;base64,` prefix), checked by content with
 * the uploads' check (file-type; decision 604): a document of the attachments' list (PDF, Word, …), at
 * most DDS_FILE_MAX_MB. Throws 400 文件内容无法识别 for text that is not base64, the check's 400/413 otherwise.
 */
export async function checkDeliveryFile(text: string, fileName: string) {
  const b64 = text.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw badRequest(MSG.ddsFileInvalid, { 'body.file': MSG.ddsFileInvalid });
  const data = Buffer.from(b64, 'base64');
  const checked = await checkUpload(data, { kind: 'file', maxMB: DDS_FILE_MAX_MB }, fileName);
  return { data, ...checked };
}

/**
 * Delivers request `id` of application `applicationId` (decision 604): checks the file by content,
 * stores it, then moves the request 待处理 → 已传递 with the link's expiry (now + 7 days) and the
 * reader's 站内信; when the move is refused the stored file is removed again. Resolves with the request
 * as staff see it.
 */
export async function deliverDds(
  db: Db,
  storage: FileStorage,
  staff: User,
  applicationId: number,
  id: number,
  input: { file: string; fileName: string },
): Promise<Dds> {
  await staffDds(db, applicationId, id);
  const file = await checkDeliveryFile(input.file, input.fileName);
  const key = newKey(file.ext);
  await storage.put(key, file.data, file.contentType);
  const now = new Date();
  const name = input.fileName.replace(/[\\/]/g, '_');
  try {
    await moveFromPending(
      db,
      staff,
      applicationId,
      id,
      'delivered',
      {
        file_key: key,
        file_name: name,
        file_type: file.contentType,
        file_size: file.size,
        delivered_at: now.toISOString(),
        expires_at: new Date(now.getTime() + DDS_LINK_DAYS * 86_400_000).toISOString(),
      },
      { kind: 'delivery.deliver', title: MSG.notifyDdsDelivered, body: '' },
      MSG.ddsActionDeliver,
    );
  } catch (e) {
    await storage.delete(key).catch(() => undefined);
    throw e;
  }
  return staffDds(db, applicationId, id);
}

/** Answers request `id` of application `applicationId` with 无法提供 and `reason` (plain text), the reader told by 站内信. */
export async function refuseDds(db: Db, staff: User, applicationId: number, id: number, reason: string): Promise<Dds> {
  await moveFromPending(
    db,
    staff,
    applicationId,
    id,
    'unavailable',
    { reason },
    { kind: 'delivery.refuse', title: MSG.notifyDdsUnavailable, body: reason },
    MSG.ddsActionRefuse,
  );
  return staffDds(db, applicationId, id);
}

/**
 * One download of reader `userId`'s request `id` (decision 603): counts it with one conditional update
 * (delivered, file present, not expired, fewer than 5 downloads), so that two downloads at once cannot
 * both take the last one; resolves with the stored file, its name and type. Refusals: 404 文献传递请求不存在
 * (none, or another reader's), 409 尚未传递, 410 下载链接已过期 (past 7 days or purged), 410 下载次数已用完.
 */
export async function downloadDds(
  db: Db,
  storage: FileStorage,
  userId: number,
  id: number,
  now = new Date(),
): Promise<{ obj: StoredObject; name: string; type: string }> {
  const t = now.toISOString();
  const res = await db
    .updateTable('dds_requests')
    .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '=', 'delivered')
    .where('file_key', 'is not', null)
    .where('expires_at', '>', t)
    .where('downloads', '<', DDS_MAX_DOWNLOADS)
    .executeTakeFirst();
  const row = await db.selectFrom('dds_requests').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG.ddsNotFound);
  if (Number(res.numUpdatedRows) === 0) {
    if (row.state !== 'delivered') throw conflict(MSG.ddsNotDelivered);
    if (!row.file_key || !row.expires_at || row.expires_at <= t) throw new HttpError(410, 'expired', MSG.ddsLinkExpired);
    throw new HttpError(410, 'used_up', MSG.ddsDownloadsUsedUp);
  }
  const obj = row.file_key ? await storage.get(row.file_key) : null;
  if (!obj) throw new HttpError(410, 'expired', MSG.ddsLinkExpired);
  return { obj, name: row.file_name ?? 'fulltext', type: row.file_type ?? obj.contentType };
}

/**
 * The purge's share (decision 606): removes the stored files of deliveries whose link expired before
 * `now` and clears their key (the request stays, 已传递, its link expired). Resolves with the number of
 * files removed. A file the storage cannot remove is left for the next purge (its key stays).
 */
export async function purgeDdsFiles(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  const rows = await db
    .selectFrom('dds_requests')
    .select(['id', 'file_key'])
    .where('expires_at', '<', now.toISOString())
    .where('file_key', 'is not', null)
    .limit(1000)
    .execute();
  let removed = 0;
  for (const r of rows) {
    try {
      await storage.delete(r.file_key!);
    } catch {
      continue;
    }
    await db.updateTable('dds_requests').set({ file_key: null }).where('id', '=', r.id).where('file_key', '=', r.file_key).execute();
    removed++;
  }
  return removed;
}
