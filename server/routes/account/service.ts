/**
 * Account settings (spec 1 §2 /settings/account, spec 2 §7 'Application and account'): profile, the ways
 * to sign in (mobile, e-mail, WeChat) and the scholar profile a user claims. Every write that belongs
 * together runs in one transaction; conflicts answer 409 with a Chinese message.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { resourceVisible, type ResourceRows } from '../../policies/rows.js';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { updateResource, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { parseFields, presentResource } from '../../resources/present.js';
import { scalarText } from '../../../common/text.js';

type Q = Kysely<Database> | Transaction<Database>;

/** The scholar profile claimed by a user: `{ id, name, institution, research_field }` or null. */
export async function claimedScholar(db: Q, userId: number) {
  const row = await db
    .selectFrom('scholar_claims')
    .innerJoin('resources', 'resources.id', 'scholar_claims.resource_id')
    .select(['resources.id', 'resources.title', 'resources.fields'])
    .where('scholar_claims.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const f = parseFields(row.fields);
  return { id: row.id, name: row.title, institution: scalarText(f.institution), research_field: scalarText(f.research_field) };
}

/**
 * GET /api/v1/users/{id}/info: the account `{ id, name, affiliation, mobile, email, wechat, scholar }`
 * (`wechat` is the bound openid or null). Errors: 404 when there is no such user. Who may read which
 * account (one's own; a super manager any) is the route's declared access (decision 355).
 */
export async function userInfo(db: Db, id: number) {
  const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound();
  return {
    id: u.id,
    name: u.name,
    affiliation: u.affiliation,
    mobile: u.phone,
    email: u.email,
    wechat: u.wechat_openid ?? null,
    scholar: await claimedScholar(db, u.id),
  };
}

/** Saves the name and affiliation (already checked plain text). */
export async function saveProfile(db: Db, userId: number, p: { name: string; affiliation: string }) {
  await db.updateTable('users').set({ name: p.name, affiliation: p.affiliation }).where('id', '=', userId).execute();
}

type LoginColumn = 'phone' | 'email' | 'wechat_openid';
const TAKEN: Record<LoginColumn, string> = { phone: MSG.accountMobileTaken, email: MSG.accountEmailTaken, wechat_openid: MSG.accountWechatTaken };

/**
 * Binds a login id to the user: 409 (MSG.accountMobileTaken / accountEmailTaken / accountWechatTaken)
 * when another user holds it; binding the same value again is a no-op. A unique index backs the check.
 */
export async function bindLogin(db: Db, userId: number, column: LoginColumn, value: string) {
  await db.transaction().execute(async (trx) => {
    const other = await trx.selectFrom('users').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst();
    if (other) throw conflict(TAKEN[column]);
    try {
      await trx
        .updateTable('users')
        .set({ [column]: value })
        .where('id', '=', userId)
        .execute();
    } catch {
      throw conflict(TAKEN[column]);
    }
  });
}

/**
 * DELETE /api/v1/account/unbind: removes the login id (a phone number, e-mail or WeChat openid) from
 * user `uid` (the caller: the route's declared access refuses another uid, decision 355). Errors: 400
 * MSG.accountLoginIdNotBound when the id is not one of the user's, 400 MSG.accountUnbindLast when it
 * is the last way left to sign in.
 */
export async function unbindLogin(db: Db, uid: number, loginId: string): Promise<LoginColumn> {
  return db.transaction().execute(async (trx) => {
    const u = await trx.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirstOrThrow();
    const ids: Array<[LoginColumn, string | null | undefined]> = [
      ['phone', u.phone],
      ['email', u.email],
      ['wechat_openid', u.wechat_openid],
    ];
    const bound = ids.filter(([, v]) => !!v);
    const hit = bound.find(([c, v]) => (c === 'email' ? v!.toLowerCase() === loginId.toLowerCase() : v === loginId));
    if (!hit) throw badRequest(MSG.accountLoginIdNotBound, { login_id: MSG.accountLoginIdNotBound });
    if (bound.length <= 1) throw badRequest(MSG.accountUnbindLast, { login_id: MSG.accountUnbindLast });
    await trx
      .updateTable('users')
      .set({ [hit[0]]: null })
      .where('id', '=', uid)
      .execute();
    return hit[0];
  });
}

/**
 * GET /api/v1/scholars/is-register: by phone or e-mail, whether that account has claimed a scholar; by
 * name, whether a scholar of that name is claimed. `scholarId` is the claimed scholar, or for a name
 * the first unclaimed scholar of that name (so it may be claimed), else null.
 */
export async function isRegistered(db: Db, key: 'phone' | 'email' | 'name', value: string) {
  if (key !== 'name') {
    const u = await db
      .selectFrom('users')
      .select('id')
      .where(key, '=', key === 'email' ? value.toLowerCase() : value)
      .executeTakeFirst();
    const s = u ? await claimedScholar(db, u.id) : null;
    return { registered: !!s, scholarId: s?.id ?? null };
  }
  const rows = await db
    .selectFrom('resources')
    .leftJoin('scholar_claims', 'scholar_claims.resource_id', 'resources.id')
    .select(['resources.id', 'scholar_claims.user_id'])
    .where('resources.type', '=', 'scholar')
    .where('resources.title', '=', value)
    .orderBy('resources.id')
    .limit(20)
    .execute();
  const claimed = rows.find((r) => r.user_id != null);
  if (claimed) return { registered: true, scholarId: claimed.id };
  return { registered: false, scholarId: rows[0]?.id ?? null };
}

/**
 * PUT /api/v2/scholars: creates or updates the caller's scholar profile, a `scholar` resource linked to
 * the user by `scholar_claims` (docs/decisions.md 163). With `scholarId` and no claim yet, that scholar is
 * claimed (404 MSG.scholarNotFound, 409 MSG.scholarClaimedByOther); with a claim, a different
 * `scholarId` is refused (409). Other fields of the resource are kept.
 */
export async function saveScholar(db: Db, userId: number, input: { scholarId?: number; name: string; institution: string; research_field: string }) {
  return db.transaction().execute(async (trx) => {
    const mine = await trx.selectFrom('scholar_claims').select('resource_id').where('user_id', '=', userId).executeTakeFirst();
    let id: number;
    if (mine) {
      if (input.scholarId && input.scholarId !== mine.resource_id) throw conflict(MSG.scholarClaimedByOther);
      id = mine.resource_id;
    } else if (input.scholarId) {
      const r = await trx.selectFrom('resources').select('id').where('id', '=', input.scholarId).where('type', '=', 'scholar').executeTakeFirst();
      if (!r) throw notFound(MSG.scholarNotFound);
      const taken = await trx.selectFrom('scholar_claims').select('user_id').where('resource_id', '=', r.id).executeTakeFirst();
      if (taken) throw conflict(MSG.scholarClaimedByOther);
      id = r.id;
    } else {
      const made = await upsertResources(trx, [{ type: 'scholar', sourceKey: `user:${userId}`, title: input.name, fields: {} }]);
      id = made.ids[0];
    }
    if (!mine) await trx.insertInto('scholar_claims').values({ user_id: userId, resource_id: id, created_at: new Date().toISOString() }).execute();
    const row = await trx.selectFrom('resources').select(['fields', 'date']).where('id', '=', id).executeTakeFirstOrThrow();
    const fields = { ...(JSON.parse(row.fields) as Record<string, unknown>), institution: input.institution, research_field: input.research_field };
    await updateResource(trx, id, { title: input.name, date: row.date, fields, searchText: `${input.institution} ${input.research_field}` });
    return { id, name: input.name, institution: input.institution, research_field: input.research_field };
  });
}

/**
 * GET /api/v2/scholars/{id} (spec 2 §7; docs/decisions.md 297): the scholar resource `id` with its fields,
 * `claimed` (some user has claimed it) and, for `userId`, `claimedByMe`; with `topicId`, only a scholar
 * published in that topic. 404 该学者不存在 otherwise.
 */
export async function scholarById(db: Db, id: number, opts: { userId?: number; topicId?: number | null; rows: ResourceRows }) {
  let q = db
    .selectFrom('resources')
    .leftJoin('scholar_claims', 'scholar_claims.resource_id', 'resources.id')
    .select(['resources.id', 'resources.type', 'resources.title', 'resources.date', 'resources.fields', 'scholar_claims.user_id as claimed_by'])
    .where('resources.id', '=', id)
    .where('resources.type', '=', 'scholar')
    .where(resourceVisible(opts.rows, sql.ref('resources.id')));
  if (opts.topicId !== undefined) {
    const topicId = opts.topicId;
    if (topicId === null) throw notFound(MSG.scholarNotFound);
    q = q.where('resources.id', 'in', db.selectFrom('resource_topics').select('resource_id').where('topic_id', '=', topicId).where('published', '=', 1));
  }
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(MSG.scholarNotFound);
  return {
    ...presentResource(row),
    claimed: row.claimed_by != null,
    ...(opts.userId !== undefined ? { claimedByMe: row.claimed_by === opts.userId } : {}),
  };
}
