/**
 * 学者认证, kind `user_examine` of the moderation engine (issue 29 §6; docs/decisions.md 650-653): a
 * signed-in reader claims a scholar profile with evidence, either an e-mail address at the domain of the
 * scholar's institution (the institution record's 网址, else the scholar's homepage) proved by a 6-digit
 * code mailed through the configured mail provider (the shared code service of server/auth/service.ts),
 * or a document (PDF or image, checked by its bytes with file-type) kept in the file store for the
 * reviewer. Approval links the account to the profile (`scholar_verifications`, and the account's
 * `scholar_claims` link); the verified owner then sends edits of the biography and links, reviewed in
 * the same queue, and the profile shows the latest approved edit.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { EVERY_RECORD, resourceVisible, type ResourceRows } from '../policies/rows.js';
import type { User } from '../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../http/errors.js';
import { submit, type Actor } from '../moderation/engine.js';
import { checkCode, issueCode, dropLatestCode } from '../auth/service.js';
import { checkUpload, sanitiseName } from '../files/check.js';
import { newKey, type FileStorage } from '../files/storage.js';
import type { MailProvider } from '../notify/mail.js';
import { parseFields } from '../resources/present.js';
import { scalarText } from '../../common/text.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { SCHOLAR_DOCUMENT_MAX_MB, domainOfUrl, emailAtDomain } from '../../common/scholarClaims.js';
import type { ScholarLink } from '../../common/contracts/scholarClaims.js';

/** The scholar record `id` (name and fields), or 404 该学者不存在 (also when `rows` does not show it). */
export async function scholarRecord(
  db: Db,
  id: number,
  rows: ResourceRows = EVERY_RECORD,
): Promise<{ id: number; name: string; fields: Record<string, unknown> }> {
  const r = await db
    .selectFrom('resources')
    .select(['id', 'title', 'fields'])
    .where('id', '=', id)
    .where('type', '=', 'scholar')
    .where(resourceVisible(rows, sql.ref('resources.id')))
    .executeTakeFirst();
  if (!r) throw notFound(MSG.scholarNotFound);
  return { id: r.id, name: r.title, fields: parseFields(r.fields) };
}

/** The mail domain of a scholar (decision 650): the institution record's 网址, else the scholar's homepage; null when neither is known. */
export async function scholarDomain(db: Db, s: { fields: Record<string, unknown> }): Promise<string | null> {
  const instId = Number(s.fields.institutionId);
  if (Number.isInteger(instId) && instId > 0) {
    const inst = await db.selectFrom('resources').select('fields').where('id', '=', instId).where('type', '=', 'institution').executeTakeFirst();
    const d = inst ? domainOfUrl(scalarText(parseFields(inst.fields).url)) : null;
    if (d) return d;
  }
  return domainOfUrl(scalarText(s.fields.homepage));
}

/** The code-service target of a claim's e-mail: bound to the account, the scholar and the address. */
const codeTarget = (userId: number, scholarId: number, email: string) => `scholar:${userId}:${scholarId}:${email.toLowerCase()}`;

/** 409 unless the scholar is free to claim for the user (one account per profile, one profile per account, one pending claim). */
async function checkClaimable(db: Db, userId: number, scholarId: number): Promise<void> {
  const owner = await db.selectFrom('scholar_verifications').select('user_id').where('scholar_id', '=', scholarId).executeTakeFirst();
  if (owner) throw conflict(owner.user_id === userId ? MSG.scholarClaimAlreadyMine : MSG.scholarClaimTaken);
  const mine = await db.selectFrom('scholar_verifications').select('scholar_id').where('user_id', '=', userId).executeTakeFirst();
  if (mine) throw conflict(MSG.scholarClaimOnePerAccount);
  const pending = await db
    .selectFrom('scholar_requests as r')
    .innerJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'r.id').on('s.kind', '=', 'user_examine'))
    .select('r.id')
    .where('r.author_id', '=', userId)
    .where('r.request', '=', 'claim')
    .where('s.status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw conflict(MSG.scholarClaimPending);
}

/** 400 on `email` unless the address is at the scholar's domain (or when the domain is unknown). */
async function checkDomain(db: Db, s: { fields: Record<string, unknown> }, email: string): Promise<void> {
  const domain = await scholarDomain(db, s);
  if (!domain) throw badRequest(MSG.scholarClaimNoDomain, { email: MSG.scholarClaimNoDomain });
  if (!emailAtDomain(email, domain)) {
    const m = fillMsg(MSG.scholarClaimEmailDomain, { domain });
    throw badRequest(m, { email: m });
  }
}

/**
 * Mails a 6-digit code to `email` for claiming scholar `scholarId` (404 for no such scholar, 409 when it
 * cannot be claimed, 400 on `email` when the address is not at the institution's domain, 429 from the
 * code service when asked again too soon, 502 when the mail provider fails).
 */
export async function sendClaimCode(db: Db, secret: string, mail: MailProvider, user: User, scholarId: number, email: string, address: string): Promise<void> {
  const s = await scholarRecord(db, scholarId);
  await checkClaimable(db, user.id, s.id);
  await checkDomain(db, s, email);
  const target = codeTarget(user.id, s.id, email);
  const code = await issueCode(db, secret, target, { address });
  try {
    await mail.send(email, MSG.scholarClaimMailSubject, fillMsg(MSG.scholarClaimMailText, { code, name: s.name }));
  } catch {
    await dropLatestCode(db, target);
    throw new HttpError(502, 'mail_failed', MSG.accountMailFailed);
  }
}

/** What a reader sends to claim a scholar (validated by server/routes/scholarClaims/schema.ts). */
export type ClaimInput = { applicationId: number; scholarId: number; note?: string } & (
  { evidence: 'email'; email: string; code: string } | { evidence: 'document'; document: { name: string; data: string } }
);

/** Decodes and checks the evidence document: base64 of a PDF or an image of at most 5 MB (400 / 413 on `document`). */
async function checkDocument(doc: { name: string; data: string }) {
  const name = sanitiseName(doc.name, '证明材料');
  const b64 = doc.data.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  const bad = badRequest(MSG.scholarClaimDocumentType, { document: MSG.scholarClaimDocumentType });
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw bad;
  const data = Buffer.from(b64, 'base64');
  let checked;
  try {
    checked = await checkUpload(data, { kind: 'file', maxMB: SCHOLAR_DOCUMENT_MAX_MB }, name);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw err;
    throw bad;
  }
  if (!['pdf', 'jpg', 'png', 'webp', 'gif', 'bmp'].includes(checked.ext)) throw bad;
  return { name, data, ext: checked.ext, contentType: checked.contentType };
}

/**
 * Stores a reader's claim of a scholar and queues it (待审核): 404 for no such scholar, 409 when the
 * profile is verified already (MSG.scholarClaimTaken), the account has a verified profile or a pending
 * claim; 400 on `code` for a wrong or expired code, on `email` for an address off the domain, on
 * `document` for a file that is no PDF or image. Resolves with the request's and the submission's ids.
 */
export async function claimScholar(
  db: Db,
  storage: FileStorage,
  secret: string,
  input: ClaimInput,
  user: User,
  actor: Actor,
): Promise<{ id: number; submissionId: number }> {
  const s = await scholarRecord(db, input.scholarId);
  await checkClaimable(db, user.id, s.id);
  let doc: Awaited<ReturnType<typeof checkDocument>> | null = null;
  if (input.evidence === 'email') {
    await checkDomain(db, s, input.email);
    try {
      await checkCode(db, secret, codeTarget(user.id, s.id, input.email), input.code, { address: actor.ip });
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) throw badRequest(err.message, { code: err.message });
      throw err;
    }
  } else {
    doc = await checkDocument(input.document);
  }
  const key = doc ? newKey(doc.ext) : null;
  if (doc && key) await storage.put(key, doc.data, doc.contentType);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('scholar_requests')
      .values({
        application_id: input.applicationId,
        author_id: user.id,
        scholar_id: s.id,
        request: 'claim',
        evidence: input.evidence,
        email: input.evidence === 'email' ? input.email.toLowerCase() : null,
        document_key: key,
        document_name: doc?.name ?? null,
        document_type: doc?.contentType ?? null,
        note: input.note ?? '',
        biography: null,
        links: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const summary = fillMsg(MSG.scholarClaimSummary, { name: s.name });
    const submissionId = await submit(
      tx,
      { applicationId: input.applicationId, kind: 'user_examine', refId: row.id, authorId: user.id, summary, flags: [], marks: [] },
      actor,
    );
    return { id: row.id, submissionId };
  });
}

/** The scholar the user is verified as, or null. */
export async function verifiedScholarOf(db: Db, userId: number): Promise<{ scholarId: number; verifiedAt: string } | null> {
  const v = await db.selectFrom('scholar_verifications').select(['scholar_id', 'verified_at']).where('user_id', '=', userId).executeTakeFirst();
  return v ? { scholarId: v.scholar_id, verifiedAt: v.verified_at } : null;
}

/**
 * The verified owner's edit of the biography and links, queued (待审核) in `user_examine`: 403 when the
 * account is not a verified scholar, 409 while an earlier edit waits. Resolves with the ids.
 */
export async function editScholarProfile(
  db: Db,
  input: { applicationId: number; biography: string; links: ScholarLink[] },
  user: User,
  actor: Actor,
): Promise<{ id: number; submissionId: number }> {
  const v = await verifiedScholarOf(db, user.id);
  if (!v) throw new HttpError(403, 'forbidden', MSG.scholarNotVerified);
  const s = await scholarRecord(db, v.scholarId);
  return db.transaction().execute(async (tx) => {
    const pending = await tx
      .selectFrom('scholar_requests as r')
      .innerJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'r.id').on('s.kind', '=', 'user_examine'))
      .select('r.id')
      .where('r.author_id', '=', user.id)
      .where('r.request', '=', 'profile')
      .where('s.status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(MSG.scholarProfileEditPending);
    const row = await tx
      .insertInto('scholar_requests')
      .values({
        application_id: input.applicationId,
        author_id: user.id,
        scholar_id: s.id,
        request: 'profile',
        evidence: null,
        email: null,
        document_key: null,
        document_name: null,
        document_type: null,
        note: '',
        biography: input.biography,
        links: JSON.stringify(input.links),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const summary = fillMsg(MSG.scholarProfileSummary, { name: s.name });
    const submissionId = await submit(
      tx,
      { applicationId: input.applicationId, kind: 'user_examine', refId: row.id, authorId: user.id, summary, flags: [], marks: [] },
      actor,
    );
    return { id: row.id, submissionId };
  });
}

/** Parses stored links; [] when unreadable. */
export function parseLinks(s: string | null): ScholarLink[] {
  try {
    const v = JSON.parse(s ?? '[]') as unknown;
    if (!Array.isArray(v)) return [];
    return (v as unknown[]).filter((l): l is ScholarLink => {
      const o = l as Partial<Record<keyof ScholarLink, unknown>> | null;
      return !!o && typeof o === 'object' && typeof o.title === 'string' && typeof o.url === 'string';
    });
  } catch {
    return [];
  }
}

/** The latest edit of the owner of a scholar in `status` (approved: what the profile shows), or null. */
async function latestEdit(db: Db, scholarId: number, ownerId: number, status: 'approved' | 'pending') {
  const r = await db
    .selectFrom('scholar_requests as r')
    .innerJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'r.id').on('s.kind', '=', 'user_examine'))
    .select(['r.biography', 'r.links'])
    .where('r.scholar_id', '=', scholarId)
    .where('r.author_id', '=', ownerId)
    .where('r.request', '=', 'profile')
    .where('s.status', '=', status)
    .orderBy('s.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
  return r ? { biography: r.biography ?? '', links: parseLinks(r.links) } : null;
}

/**
 * A scholar profile's verification as the profile page shows it: whether it is verified (已认证), the
 * approved biography and links, whether the reader is its owner, and the reader's latest claim of it.
 * 404 for no such scholar.
 */
export async function scholarVerification(db: Db, scholarId: number, userId: number | null, rows: ResourceRows) {
  const s = await scholarRecord(db, scholarId, rows);
  const v = await db.selectFrom('scholar_verifications').select(['user_id', 'verified_at']).where('scholar_id', '=', scholarId).executeTakeFirst();
  const edit = v ? await latestEdit(db, scholarId, v.user_id, 'approved') : null;
  const myClaim = userId
    ? await db
        .selectFrom('scholar_requests as r')
        .innerJoin('submissions as s', (j) => j.onRef('s.ref_id', '=', 'r.id').on('s.kind', '=', 'user_examine'))
        .select(['s.status', 's.reason'])
        .where('r.scholar_id', '=', scholarId)
        .where('r.author_id', '=', userId)
        .where('r.request', '=', 'claim')
        .orderBy('r.id', 'desc')
        .executeTakeFirst()
    : undefined;
  return {
    name: s.name,
    verified: !!v,
    verifiedAt: v?.verified_at ?? null,
    biography: edit?.biography ?? '',
    links: edit?.links ?? [],
    mine: !!v && v.user_id === userId,
    myClaim: myClaim ? { status: myClaim.status as 'pending' | 'approved' | 'rejected' | 'withdrawn', reason: myClaim.reason } : null,
    ...(await scholarOutputs(db, scholarId, rows)),
  };
}

/** The reader's verified scholar profile for the personal centre: the scholar, the shown biography and links, and an edit that waits; null when none. */
export async function myScholarProfile(db: Db, userId: number) {
  const v = await verifiedScholarOf(db, userId);
  if (!v) return null;
  const s = await scholarRecord(db, v.scholarId);
  const shown = await latestEdit(db, s.id, userId, 'approved');
  const waiting = await latestEdit(db, s.id, userId, 'pending');
  return {
    scholarId: s.id,
    name: s.name,
    institution: scalarText(s.fields.institution),
    verifiedAt: v.verifiedAt,
    biography: shown?.biography ?? '',
    links: shown?.links ?? [],
    pendingEdit: waiting,
  };
}

/** The evidence document of claim `id` (key, name, type), or 404. */
export async function claimDocument(db: Db, id: number): Promise<{ storage_key: string; name: string; content_type: string }> {
  const r = await db.selectFrom('scholar_requests').select(['document_key', 'document_name', 'document_type']).where('id', '=', id).executeTakeFirst();
  if (!r?.document_key) throw notFound(MSG.scholarClaimNoDocument);
  return { storage_key: r.document_key, name: r.document_name ?? '证明材料', content_type: r.document_type ?? 'application/octet-stream' };
}

/** The application of scholar request `id` (the reviewer's access), or 404. */
export async function scholarRequestApplication(db: Db, id: number): Promise<number> {
  const r = await db.selectFrom('scholar_requests').select('application_id').where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(MSG.submissionNotFound);
  return r.application_id;
}

/**
 * The outputs a scholar is named author of by approved claims (those `visible` shows, newest link first,
 * at most 100), and the ids of those they disputed (to leave out of the name search's list; decision 657).
 */
export async function scholarOutputs(db: Db, scholarId: number, visible: ResourceRows) {
  const rows = await db
    .selectFrom('output_authors as o')
    .innerJoin('resources as r', 'r.id', 'o.resource_id')
    .select(['o.resource_id', 'o.state', 'r.type', 'r.title', 'r.date'])
    .where('o.scholar_id', '=', scholarId)
    .where(resourceVisible(visible, sql.ref('o.resource_id')))
    .orderBy('o.updated_at', 'desc')
    .limit(100)
    .execute();
  return {
    outputs: rows.filter((r) => r.state === 'author').map((r) => ({ id: r.resource_id, type: r.type, title: r.title, date: r.date ?? null })),
    disputed: rows.filter((r) => r.state === 'disputed').map((r) => r.resource_id),
  };
}
