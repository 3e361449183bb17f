/**
 * Communities (社区, issue 29 §5; docs/decisions.md 620-629): the communities of an application, their
 * members (圈主 / 管理员 / 成员; requests to join and invitations), their posts (title and plain text,
 * pinned, removed) and the archive state. Access is decided by the routes' declarations
 * (server/policies/access.ts `communityAccess`); these functions take the community the access found and
 * enforce only the states (archived, already a member, not the owner, ...). Every change that concerns a
 * reader (join approved or refused, invited, role changed, post removed) writes its 站内信 with
 * `notify` in the same transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../http/errors.js';
import { checkUpload } from '../files/check.js';
import { newKey, type FileStorage } from '../files/storage.js';
import { notify } from '../notifications/send.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { makePage, type Page } from '../../common/page.js';
import {
  COMMUNITY_COVER_MAX_BYTES,
  COMMUNITY_JOIN_RULES,
  COMMUNITY_MEMBER_STATES,
  COMMUNITY_ROLES,
  COMMUNITY_ROLE_LABELS,
  communityHref,
  roleAtLeast,
  type CommunityJoinRule,
  type CommunityMemberState,
  type CommunityRole,
} from '../../common/communities.js';
import type { Community, CommunityMember, CommunityPost, MyCommunity } from '../../common/contracts/communities.js';
import type { CommunityRef } from '../policies/communities.js';

const now = () => new Date().toISOString();

/** Who looks: the signed-in reader (or null) and whether they are staff of the application (内容管理). */
export interface Viewer {
  userId: number | null;
  staff: boolean;
}

type CommunityRow = {
  id: number;
  application_id: number;
  name: string;
  description: string;
  cover_key: string | null;
  join_rule: string;
  archived_at: string | null;
  created_at: string;
};

const asRule = (s: string): CommunityJoinRule => ((COMMUNITY_JOIN_RULES as readonly string[]).includes(s) ? (s as CommunityJoinRule) : 'invitation');
const asRole = (s: string): CommunityRole => ((COMMUNITY_ROLES as readonly string[]).includes(s) ? (s as CommunityRole) : 'member');
const asState = (s: string): CommunityMemberState => ((COMMUNITY_MEMBER_STATES as readonly string[]).includes(s) ? (s as CommunityMemberState) : 'requested');

/** The address of a community's cover (served by GET …/communities/{id}/cover), or null. */
export const coverUrl = (row: Pick<CommunityRow, 'id' | 'application_id' | 'cover_key'>) =>
  row.cover_key ? `/api/v1/applications/${row.application_id}/communities/${row.id}/cover?v=${row.cover_key.slice(0, 8)}` : null;

/** Presents community rows for `viewer`: counts, the viewer's membership and what they may do. */
async function present(db: Db, rows: CommunityRow[], viewer: Viewer): Promise<Community[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [members, posts, mine] = await Promise.all([
    db
      .selectFrom('community_members')
      .select(['community_id', sql<number | string>`count(*)`.as('n')])
      .where('community_id', 'in', ids)
      .where('state', '=', 'active')
      .groupBy('community_id')
      .execute(),
    db
      .selectFrom('community_posts')
      .select(['community_id', sql<number | string>`count(*)`.as('n')])
      .where('community_id', 'in', ids)
      .where('removed_at', 'is', null)
      .groupBy('community_id')
      .execute(),
    viewer.userId === null
      ? Promise.resolve([])
      : db
          .selectFrom('community_members')
          .select(['community_id', 'role', 'state'])
          .where('community_id', 'in', ids)
          .where('user_id', '=', viewer.userId)
          .execute(),
  ]);
  const count = (list: Array<{ community_id: number; n: number | string }>, id: number) => Number(list.find((x) => x.community_id === id)?.n ?? 0);
  return rows.map((r) => {
    const m = mine.find((x) => x.community_id === r.id);
    const state = m ? asState(m.state) : null;
    const role = m ? asRole(m.role) : null;
    const activeRole = state === 'active' ? role : null;
    return {
      id: r.id,
      applicationId: r.application_id,
      name: r.name,
      description: r.description,
      cover: coverUrl(r),
      joinRule: asRule(r.join_rule),
      archived: r.archived_at !== null,
      memberCount: count(members, r.id),
      postCount: count(posts, r.id),
      me: { state, role },
      canModerate: viewer.staff || roleAtLeast(activeRole, 'moderator'),
      canSetModerators: viewer.staff || activeRole === 'owner',
      createdAt: r.created_at,
    };
  });
}

const COLS = ['id', 'application_id', 'name', 'description', 'cover_key', 'join_rule', 'archived_at', 'created_at'] as const;

/** The communities of an application, active ones first, newest first (decision 622: every join rule is listed). */
export async function listCommunities(db: Db, applicationId: number, viewer: Viewer): Promise<Community[]> {
  const rows = await db
    .selectFrom('communities')
    .select(COLS)
    .where('application_id', '=', applicationId)
    .orderBy(sql`case when archived_at is null then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return present(db, rows, viewer);
}

async function row(db: Db, ref: CommunityRef): Promise<CommunityRow> {
  const r = await db
    .selectFrom('communities')
    .select(COLS)
    .where('id', '=', ref.communityId)
    .where('application_id', '=', ref.applicationId)
    .executeTakeFirst();
  if (!r) throw notFound(MSG.communityNotFound);
  return r;
}

/** One community for `viewer`, or 404 社区不存在. */
export async function getCommunity(db: Db, ref: CommunityRef, viewer: Viewer): Promise<Community> {
  return (await present(db, [await row(db, ref)], viewer))[0];
}

/**
 * A cover image from base64 (with or without a `data:` prefix), checked by its content (file-type and
 * readable dimensions, server/files/check.ts): PNG, JPEG or WebP of at most 2 MB; 400 封面只能是 … otherwise.
 */
export async function checkCover(text: string): Promise<{ data: Buffer; ext: string; contentType: string }> {
  const invalid = () => badRequest(MSG.communityCoverInvalid, { 'body.cover': MSG.communityCoverInvalid });
  const b64 = text.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalid();
  const data = Buffer.from(b64, 'base64');
  if (data.length > COMMUNITY_COVER_MAX_BYTES) throw new HttpError(413, 'too_large', MSG.communityCoverTooLarge);
  let checked;
  try {
    checked = await checkUpload(data, { kind: 'image', maxKB: COMMUNITY_COVER_MAX_BYTES / 1024 });
  } catch {
    throw invalid();
  }
  if (!['png', 'jpg', 'webp'].includes(checked.ext)) throw invalid();
  return { data, ext: checked.ext, contentType: checked.contentType };
}

/** What staff write about a community; `cover`: base64 to set, null to clear, absent to keep. */
export interface CommunityInput {
  name: string;
  description: string;
  joinRule: CommunityJoinRule;
  cover?: string | null;
}

/** The active account with this phone, or 400 naming `field`. */
async function accountByPhone(db: Db, phone: string, field: string): Promise<number> {
  const u = await db.selectFrom('users').select('id').where('phone', '=', phone).where('anonymous', '=', 0).executeTakeFirst();
  if (!u) throw badRequest(MSG.communityAccountNotFound, { [field]: MSG.communityAccountNotFound });
  return u.id;
}

/**
 * Creates a community of the application (staff): its owner (圈主) is the account with `ownerPhone` when
 * given (400 没有使用该手机号的账号 otherwise), else nobody yet (decision 623). The cover is checked and stored
 * before the rows, and removed again when they cannot be written.
 */
export async function createCommunity(
  db: Db,
  storage: FileStorage,
  applicationId: number,
  input: CommunityInput & { ownerPhone?: string | null },
  user: User,
): Promise<Community> {
  const ownerId = input.ownerPhone ? await accountByPhone(db, input.ownerPhone, 'body.ownerPhone') : null;
  const cover = input.cover ? await checkCover(input.cover) : null;
  const key = cover ? newKey(cover.ext) : null;
  if (cover && key) await storage.put(key, cover.data, cover.contentType);
  const t = now();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('communities')
        .values({
          application_id: applicationId,
          name: input.name,
          description: input.description,
          cover_key: key,
          cover_type: cover?.contentType ?? null,
          join_rule: input.joinRule,
          archived_at: null,
          created_by: user.id,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (ownerId !== null) {
        await trx
          .insertInto('community_members')
          .values({ community_id: r.id, user_id: ownerId, role: 'owner', state: 'active', created_at: t, updated_at: t })
          .execute();
        await notify(trx, {
          userId: ownerId,
          applicationId,
          kind: 'community.owner',
          title: fillMsg(MSG.notifyCommunityOwner, { name: input.name }),
          body: fillMsg(MSG.notifyCommunityOwner, { name: input.name }),
          link: communityHref(r.id),
        });
      }
      return r.id;
    });
    return getCommunity(db, { applicationId, communityId: id }, { userId: user.id, staff: true });
  } catch (err) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Changes a community's name, description, join rule and cover (staff); the old cover is removed when replaced. */
export async function updateCommunity(db: Db, storage: FileStorage, ref: CommunityRef, input: Partial<CommunityInput>, user: User): Promise<Community> {
  const before = await db.selectFrom('communities').select(['cover_key']).where('id', '=', ref.communityId).executeTakeFirstOrThrow();
  const cover = input.cover ? await checkCover(input.cover) : null;
  const key = cover ? newKey(cover.ext) : null;
  if (cover && key) await storage.put(key, cover.data, cover.contentType);
  await db
    .updateTable('communities')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.joinRule !== undefined ? { join_rule: input.joinRule } : {}),
      ...(input.cover !== undefined ? { cover_key: key, cover_type: cover?.contentType ?? null } : {}),
      updated_at: now(),
    })
    .where('id', '=', ref.communityId)
    .execute();
  if (input.cover !== undefined && before.cover_key) await storage.delete(before.cover_key).catch(() => undefined);
  return getCommunity(db, ref, { userId: user.id, staff: true });
}

/** Archives (readable, no new posts or members) or restores a community (staff). */
export async function setArchived(db: Db, ref: CommunityRef, archived: boolean, user: User): Promise<Community> {
  await db
    .updateTable('communities')
    .set({ archived_at: archived ? now() : null, updated_at: now() })
    .where('id', '=', ref.communityId)
    .execute();
  return getCommunity(db, ref, { userId: user.id, staff: true });
}

/** The stored cover of a community: key and type, or 404 没有封面. */
export async function coverOf(db: Db, ref: CommunityRef): Promise<{ key: string; type: string }> {
  const r = await row(db, ref);
  const t = await db.selectFrom('communities').select('cover_type').where('id', '=', r.id).executeTakeFirstOrThrow();
  if (!r.cover_key) throw notFound(MSG.communityNoCover);
  return { key: r.cover_key, type: t.cover_type ?? 'application/octet-stream' };
}

/** 409 社区已归档 for an archived community. */
async function notArchived(db: Db, ref: CommunityRef): Promise<CommunityRow> {
  const r = await row(db, ref);
  if (r.archived_at !== null) throw conflict(MSG.communityArchived);
  return r;
}

async function membership(db: Db, communityId: number, userId: number) {
  return db.selectFrom('community_members').select(['role', 'state']).where('community_id', '=', communityId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The reader asks to join (decision 624): 公开加入 makes them a member at once; 需审核 stores a request
 * (待审核) for an owner, moderator or staff; 仅邀请 refuses (403) unless invited. An invitation is
 * accepted by joining, whatever the rule. 409 when archived, already a member, or already asked.
 * A request tells the community's owner and moderators (站内信 `community.request`, linking to the
 * community's page) in the same transaction as the stored request (decision 578).
 */
export async function join(db: Db, ref: CommunityRef, user: User): Promise<{ state: CommunityMemberState; message: string }> {
  const c = await notArchived(db, ref);
  const had = await membership(db, ref.communityId, user.id);
  if (had?.state === 'active') throw conflict(MSG.communityAlreadyMember);
  if (had?.state === 'requested') throw conflict(MSG.communityAlreadyRequested);
  const t = now();
  const rule = asRule(c.join_rule);
  if (had?.state === 'invited' || rule === 'open') {
    if (had)
      await db
        .updateTable('community_members')
        .set({ state: 'active', updated_at: t })
        .where('community_id', '=', ref.communityId)
        .where('user_id', '=', user.id)
        .execute();
    else
      await db
        .insertInto('community_members')
        .values({ community_id: ref.communityId, user_id: user.id, role: 'member', state: 'active', created_at: t, updated_at: t })
        .execute();
    return { state: 'active', message: MSG.communityJoined };
  }
  if (rule === 'invitation') throw new HttpError(403, 'invitation_only', MSG.communityInvitationOnly);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('community_members')
      .values({ community_id: ref.communityId, user_id: user.id, role: 'member', state: 'requested', created_at: t, updated_at: t })
      .execute();
    const deciders = await trx
      .selectFrom('community_members')
      .select('user_id')
      .where('community_id', '=', ref.communityId)
      .where('state', '=', 'active')
      .where('role', 'in', ['owner', 'moderator'])
      .orderBy('user_id')
      .execute();
    const title = fillMsg(MSG.notifyCommunityRequest, { user: user.name, name: c.name });
    for (const d of deciders) {
      await notify(trx, {
        userId: d.user_id,
        applicationId: ref.applicationId,
        kind: 'community.request',
        title,
        body: MSG.notifyCommunityRequestBody,
        link: communityHref(ref.communityId),
      });
    }
  });
  return { state: 'requested', message: MSG.communityRequested };
}

/** The reader leaves (or takes back a request, or declines an invitation); the owner cannot leave (409). */
export async function leave(db: Db, ref: CommunityRef, user: User): Promise<void> {
  const had = await membership(db, ref.communityId, user.id);
  if (!had) throw conflict(MSG.communityNotMember);
  if (had.role === 'owner' && had.state === 'active') throw conflict(MSG.communityOwnerCannotLeave);
  await db.deleteFrom('community_members').where('community_id', '=', ref.communityId).where('user_id', '=', user.id).execute();
}

/** A page of a community's members (state `active`), or its requests or invitations, owners first. */
export async function listMembers(db: Db, ref: CommunityRef, state: CommunityMemberState, page: number, size: number): Promise<Page<CommunityMember>> {
  await row(db, ref);
  const base = db.selectFrom('community_members as m').where('m.community_id', '=', ref.communityId).where('m.state', '=', state);
  const [rows, total] = await Promise.all([
    base
      .select(['m.user_id', 'm.role', 'm.state', 'm.updated_at'])
      .select((eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'm.user_id').as('name'))
      .orderBy(sql`case m.role when 'owner' then 0 when 'moderator' then 1 else 2 end`)
      .orderBy('m.updated_at')
      .orderBy('m.user_id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return makePage(
    rows.map((r) => ({ userId: r.user_id, name: r.name ?? '', role: asRole(r.role), state: asState(r.state), since: r.updated_at })),
    Number(total.n),
    page,
    size,
  );
}

/** The community's name, for the 站内信. */
const nameOf = async (db: Db, id: number) => (await db.selectFrom('communities').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

/**
 * Approves or refuses a request to join (owner, moderator or staff): 404 when there is no such request;
 * the reader is told in the same transaction (站内信).
 */
export async function decideRequest(db: Db, ref: CommunityRef, userId: number, approve: boolean): Promise<void> {
  const had = await membership(db, ref.communityId, userId);
  if (!had || had.state !== 'requested') throw notFound(MSG.communityRequestNotFound);
  if (approve) await notArchived(db, ref);
  const name = await nameOf(db, ref.communityId);
  await db.transaction().execute(async (trx) => {
    const where = { community: ref.communityId, user: userId };
    const n = approve
      ? (
          await trx
            .updateTable('community_members')
            .set({ state: 'active', updated_at: now() })
            .where('community_id', '=', where.community)
            .where('user_id', '=', where.user)
            .where('state', '=', 'requested')
            .executeTakeFirst()
        ).numUpdatedRows
      : (
          await trx
            .deleteFrom('community_members')
            .where('community_id', '=', where.community)
            .where('user_id', '=', where.user)
            .where('state', '=', 'requested')
            .executeTakeFirst()
        ).numDeletedRows;
    if (Number(n) === 0) throw notFound(MSG.communityRequestNotFound);
    const title = fillMsg(approve ? MSG.notifyCommunityApproved : MSG.notifyCommunityRefused, { name });
    await notify(trx, {
      userId,
      applicationId: ref.applicationId,
      kind: approve ? 'community.approve' : 'community.refuse',
      title,
      body: title,
      link: communityHref(ref.communityId),
    });
  });
}

/**
 * Invites the account with `phone` (owner, moderator or staff): stores the invitation (a pending request
 * of theirs becomes membership at once) and tells them. 400 no such account, 409 already a member or invited.
 */
export async function invite(db: Db, ref: CommunityRef, phone: string): Promise<{ userId: number; state: CommunityMemberState }> {
  await notArchived(db, ref);
  const userId = await accountByPhone(db, phone, 'body.phone');
  const had = await membership(db, ref.communityId, userId);
  if (had?.state === 'active') throw conflict(MSG.communityAlreadyMember);
  if (had?.state === 'invited') throw conflict(MSG.communityAlreadyInvited);
  const name = await nameOf(db, ref.communityId);
  const t = now();
  const state: CommunityMemberState = had?.state === 'requested' ? 'active' : 'invited';
  await db.transaction().execute(async (trx) => {
    if (had)
      await trx
        .updateTable('community_members')
        .set({ state, updated_at: t })
        .where('community_id', '=', ref.communityId)
        .where('user_id', '=', userId)
        .execute();
    else
      await trx
        .insertInto('community_members')
        .values({ community_id: ref.communityId, user_id: userId, role: 'member', state, created_at: t, updated_at: t })
        .execute();
    const title = fillMsg(state === 'active' ? MSG.notifyCommunityApproved : MSG.notifyCommunityInvited, { name });
    await notify(trx, {
      userId,
      applicationId: ref.applicationId,
      kind: state === 'active' ? 'community.approve' : 'community.invite',
      title,
      body: title,
      link: communityHref(ref.communityId),
    });
  });
  return { userId, state };
}

/**
 * Makes an active member a moderator or a member again (owner or staff); the owner's role is not changed
 * here (409). 404 when they are not a member. The member is told.
 */
export async function setRole(db: Db, ref: CommunityRef, userId: number, role: 'moderator' | 'member'): Promise<void> {
  const had = await membership(db, ref.communityId, userId);
  if (!had || had.state !== 'active') throw notFound(MSG.communityMemberNotFound);
  if (had.role === 'owner') throw conflict(MSG.communityOwnerRoleFixed);
  if (had.role === role) return;
  const name = await nameOf(db, ref.communityId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('community_members')
      .set({ role, updated_at: now() })
      .where('community_id', '=', ref.communityId)
      .where('user_id', '=', userId)
      .execute();
    const title = fillMsg(MSG.notifyCommunityRole, { name, role: COMMUNITY_ROLE_LABELS[role] });
    await notify(trx, { userId, applicationId: ref.applicationId, kind: 'community.role', title, body: title, link: communityHref(ref.communityId) });
  });
}

/** A page of a community's shown posts: pinned first, then newest first. */
export async function listPosts(db: Db, ref: CommunityRef, page: number, size: number, viewerId: number | null): Promise<Page<CommunityPost>> {
  await row(db, ref);
  const base = db.selectFrom('community_posts as p').where('p.community_id', '=', ref.communityId).where('p.removed_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .select(['p.id', 'p.community_id', 'p.author_id', 'p.title', 'p.body', 'p.pinned', 'p.created_at'])
      .select((eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'p.author_id').as('name'))
      .orderBy('p.pinned', 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return makePage(
    rows.map((r) => ({
      id: r.id,
      communityId: r.community_id,
      title: r.title,
      body: r.body,
      authorName: r.name ?? '',
      mine: r.author_id === viewerId,
      pinned: r.pinned === 1,
      createdAt: r.created_at,
    })),
    Number(total.n),
    page,
    size,
  );
}

/** A member writes a post (title, plain text); 409 社区已归档. */
export async function createPost(db: Db, ref: CommunityRef, user: User, input: { title: string; body: string }): Promise<CommunityPost> {
  await notArchived(db, ref);
  const t = now();
  const r = await db
    .insertInto('community_posts')
    .values({
      community_id: ref.communityId,
      author_id: user.id,
      title: input.title,
      body: input.body,
      pinned: 0,
      removed_at: null,
      removed_by: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id, communityId: ref.communityId, title: input.title, body: input.body, authorName: user.name, mine: true, pinned: false, createdAt: t };
}

async function shownPost(db: Db, ref: CommunityRef, postId: number) {
  const p = await db
    .selectFrom('community_posts')
    .select(['id', 'author_id', 'title'])
    .where('id', '=', postId)
    .where('community_id', '=', ref.communityId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!p) throw notFound(MSG.communityPostNotFound);
  return p;
}

/** Pins or unpins a post (moderator, owner or staff); 404 帖子不存在. */
export async function pinPost(db: Db, ref: CommunityRef, postId: number, pinned: boolean): Promise<void> {
  await shownPost(db, ref, postId);
  await db
    .updateTable('community_posts')
    .set({ pinned: pinned ? 1 : 0, updated_at: now() })
    .where('id', '=', postId)
    .execute();
}

/** Removes a post (moderator, owner or staff): hidden from everyone; its author is told with the reason. */
export async function removePost(db: Db, ref: CommunityRef, postId: number, by: User, reason: string): Promise<void> {
  const p = await shownPost(db, ref, postId);
  const name = await nameOf(db, ref.communityId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('community_posts').set({ removed_at: now(), removed_by: by.id, pinned: 0 }).where('id', '=', postId).execute();
    if (p.author_id !== by.id) {
      const title = fillMsg(MSG.notifyCommunityPostRemoved, { name, title: p.title });
      await notify(trx, {
        userId: p.author_id,
        applicationId: ref.applicationId,
        kind: 'community.post.remove',
        title,
        body: reason ? `${title}\n${fillMsg(MSG.notifyCommunityReason, { reason })}` : title,
        link: communityHref(ref.communityId),
      });
    }
  });
}

/** The reader's communities of an application (我的社区): memberships, requests and invitations. */
export async function myCommunities(db: Db, applicationId: number, userId: number): Promise<MyCommunity[]> {
  const rows = await db
    .selectFrom('community_members as m')
    .innerJoin('communities as c', 'c.id', 'm.community_id')
    .select(['c.id', 'c.name', 'c.archived_at', 'm.role', 'm.state'])
    .where('m.user_id', '=', userId)
    .where('c.application_id', '=', applicationId)
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, role: asRole(r.role), state: asState(r.state), archived: r.archived_at !== null }));
}

/**
 * The community of a post, for the comments on it (target type `post`): 404 when the post is not shown or
 * not of the application.
 */
export async function postCommunity(db: Db, applicationId: number, postId: number, message: string): Promise<{ communityId: number; archived: boolean }> {
  const r = await db
    .selectFrom('community_posts as p')
    .innerJoin('communities as c', 'c.id', 'p.community_id')
    .select(['c.id', 'c.application_id', 'c.archived_at'])
    .where('p.id', '=', postId)
    .where('p.removed_at', 'is', null)
    .executeTakeFirst();
  if (!r || r.application_id !== applicationId) throw notFound(message);
  return { communityId: r.id, archived: r.archived_at !== null };
}

/** The communities of some posts (for the comment queue's links). */
export async function communitiesOfPosts(db: Db, postIds: number[]): Promise<Map<number, number>> {
  if (!postIds.length) return new Map();
  const rows = await db.selectFrom('community_posts').select(['id', 'community_id']).where('id', 'in', postIds).execute();
  return new Map(rows.map((r) => [r.id, r.community_id]));
}
