/**
 * Who may call a route (spec 1 §6; docs/decisions.md 135-139, 329): the access a route
 * declares in its `config.access`, and the one check that enforces it (server/http/contract.ts runs
 * it before the handler). The kinds are those of the role matrix (server/routes/roleMatrix.test.ts):
 * - `public`: everybody; with `unless`, a request that reaches further must pass that stricter access;
 * - `session`: any session, the anonymous (fingerprint) visitor's included: 401 without one;
 * - `signedIn`: a signed-in person, not an anonymous visitor: 401; with `unless`, a request that reaches
 *   further (another user's data, one application's list) must also pass that stricter access;
 * - `self(userOf)`: a signed-in person (401) who is the user the request names (403 otherwise);
 * - `owner(ownerOf)`: a signed-in person (401) who owns what the request is about (an upload), or a
 *   super manager; `ownerOf` answers 404 itself when it does not exist (404 before 403);
 * - `anyManager`: a manager of some application or a super manager: 403 for anyone else;
 * - `manager(applicationOf, right?)`: a manager of the application the request is about (holding
 *   `right` when given) or a super manager; `applicationOf` finds that application from the validated
 *   request and answers 404 itself when the thing asked for does not exist (404 comes before 403, as
 *   the handlers did);
 * - `super`: a super manager only;
 * - `community(communityOf, role)`: a signed-in person (401) holding at least `role` in the community the
 *   request is about (圈主 ⊇ 管理员 ⊇ 成员, an active member), or a manager of its application holding
 *   内容管理, or a super manager (docs/decisions.md 621); `communityOf` answers 404 itself for a community
 *   that does not exist or belongs to another application than the path names (404 before 403).
 * A reader awaiting approval on the request's site (新用户需审核) is refused every access a visitor
 * would not pass there (signedIn, self, owner, community): 403 (./readerApproval.ts; decision 660).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { MANAGER_RIGHT_LABELS, type ManagerRight } from '../../common/roles.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { HttpError, forbidden, unauthorized } from '../http/errors.js';
import { requireSuper, requireUser } from '../http/session.js';
import { managesAny, requireManager } from './managers.js';
import { COMMUNITY_ROLE_LABELS, roleAtLeast, type CommunityRole } from '../../common/communities.js';
import { communityRoleOf, type CommunityOf } from './communities.js';
import { refuseHeldReader } from './readerApproval.js';

/** Finds the application a request is about (its id), or throws 404 / 400. */
export type ApplicationOf = (db: Db, req: FastifyRequest) => Promise<number>;

/** Finds the user who owns what a request is about (an upload's uploader), or throws 404 / 400. */
export type OwnerOf = (db: Db, req: FastifyRequest) => Promise<number | null>;

/** Reads a user id from the raw request (before validation): a number, its digits, or anything else. */
export type UserOf = (req: FastifyRequest) => unknown;

export type Access =
  | { kind: 'public'; unless?: Stricter }
  | { kind: 'session' }
  | { kind: 'signedIn'; unless?: Stricter; account?: true }
  | { kind: 'self'; userOf: UserOf; field: string; refusal: string; account?: true }
  | { kind: 'owner'; ownerOf: OwnerOf }
  | { kind: 'anyManager' }
  | { kind: 'manager'; applicationOf: ApplicationOf; right?: ManagerRight }
  | { kind: 'super'; refusal?: string }
  | { kind: 'community'; communityOf: CommunityOf; role: CommunityRole };

/**
 * The stricter access a `public` or `signedIn` route asks of a request that reaches further (decisions
 * 348, 355): `when` reads the raw request (the access check runs before the route's validation) and
 * says whether this one does, at once or after reading the database (a site's 详情页需登录:
 * server/policies/detailSignin.ts); `access` is then enforced as well; `whenText` (MSG) says when,
 * in the API document.
 */
export interface Stricter {
  when(req: FastifyRequest, db: Db): boolean | Promise<boolean>;
  access: Access;
  whenText: string;
}

/** The access kinds as the role matrix names them. */
export type AccessKind = Access['kind'];

export const publicAccess: Access = { kind: 'public' };
export const sessionAccess: Access = { kind: 'session' };
export const signedInAccess: Access = { kind: 'signedIn' };
export const anyManagerAccess: Access = { kind: 'anyManager' };
export const superAccess: Access = { kind: 'super' };

/** A signed-in person; a request for which `stricter.when` holds must pass `stricter.access` too. */
export const signedInUnless = (stricter: Stricter): Access => ({ kind: 'signedIn', unless: stricter });

/**
 * A signed-in person managing their own account (its profile, ways to sign in, sessions): a reader
 * awaiting a site's approval under 新用户需审核 passes too (decision 658). Held on a site, they are a
 * visitor of that site, not a stranger to their own account. `stricter` as for signedInUnless.
 */
export const accountAccess = (stricter?: Stricter): Access => ({ kind: 'signedIn', account: true, ...(stricter ? { unless: stricter } : {}) });

/** selfAccess for a route of the caller's own account: a held reader passes too (decision 658). */
export const selfAccountAccess = (userOf: UserOf, field: string, refusal: string = MSG.forbidden): Access => ({
  kind: 'self',
  userOf,
  field,
  refusal,
  account: true,
});

/** Everybody; a request for which `stricter.when` holds must pass `stricter.access` too (decision 355). */
export const publicUnless = (stricter: Stricter): Access => ({ kind: 'public', unless: stricter });

/**
 * A signed-in person (401) who is the user the request names (decision 355): `userOf` reads the id
 * from the raw request, `field` names it in the API document; another user's id answers 403 `refusal`
 * (没有权限执行此操作 by default). An absent or malformed id names nobody here: the route's validation
 * answers a malformed one (400, as before the check moved out of the handler).
 */
export const selfAccess = (userOf: UserOf, field: string, refusal: string = MSG.forbidden): Access => ({ kind: 'self', userOf, field, refusal });

/**
 * The owner of what the request is about (`ownerOf`: an upload's uploader), or a super manager
 * (decision 360); anyone else signed in gets 403, after `ownerOf`'s 404 for a thing that does not exist.
 */
export const ownerAccess = (ownerOf: OwnerOf): Access => ({ kind: 'owner', ownerOf });

/** A super manager only, refusing anyone else with 403 `refusal` (a route's own wording; decision 355). */
export const superAccessRefusing = (refusal: string): Access => ({ kind: 'super', refusal });

/**
 * A part of the raw request (`req.query`, `req.body`, `req.params`) as an object, for `when` and
 * `userOf`, which run before the route's validation: {} when the part is absent or not an object.
 */
export const rawFields = (part: unknown): Record<string, unknown> => (part && typeof part === 'object' ? (part as Record<string, unknown>) : {});

/**
 * The user id a raw request value names: a positive integer, as the routes' zod rules coerce it
 * (`z.coerce.number().int().min(1)`, at most 2^31 - 1); undefined when absent, 0, empty, out of range
 * or malformed (the route's
 * validation answers a malformed one with its 400).
 */
export function namedUserId(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** Whether the request names a user (a well-formed id: see {@link namedUserId}), the caller or another. */
export const namesUser =
  (read: UserOf) =>
  (req: FastifyRequest): boolean =>
    namedUserId(read(req)) !== undefined;

/**
 * Whether the request names a user other than the caller: `read` takes the id from the raw request
 * (absent, 0 or empty names nobody, i.e. the caller; a malformed one is left to the route's 400).
 */
export const namesOtherUser =
  (read: UserOf) =>
  (req: FastifyRequest): boolean => {
    const id = namedUserId(read(req));
    return id !== undefined && id !== req.user?.id;
  };

/** A manager of the application `applicationOf` finds (with `right` when given), or a super manager. */
export const managerAccess = (applicationOf: ApplicationOf, right?: ManagerRight): Access => ({ kind: 'manager', applicationOf, right });

/**
 * A signed-in person holding at least `role` in the community `communityOf` finds, or a manager of its
 * application holding 内容管理, or a super manager (docs/decisions.md 621).
 */
export const communityAccess = (communityOf: CommunityOf, role: CommunityRole): Access => ({ kind: 'community', communityOf, role });

/**
 * Enforces `access` for the request: resolves, or throws the refusal (401 not signed in, 403 with the
 * missing right, 404 from `applicationOf`).
 */
export async function enforceAccess(db: Db, req: FastifyRequest, access: Access): Promise<void> {
  switch (access.kind) {
    case 'public':
      if (access.unless && (await access.unless.when(req, db))) await enforceAccess(db, req, access.unless.access);
      return;
    case 'session':
      if (!req.user) throw unauthorized();
      return;
    case 'signedIn':
      requireUser(req);
      if (!access.account) await refuseHeldReader(req, db);
      if (access.unless && (await access.unless.when(req, db))) await enforceAccess(db, req, access.unless.access);
      return;
    case 'self': {
      const me = requireUser(req);
      if (!access.account) await refuseHeldReader(req, db);
      const id = namedUserId(access.userOf(req));
      if (id !== undefined && id !== me.id) throw new HttpError(403, 'forbidden', access.refusal);
      return;
    }
    case 'owner': {
      const me = requireUser(req);
      await refuseHeldReader(req, db);
      if (me.role !== 'super' && (await access.ownerOf(db, req)) !== me.id) throw forbidden();
      return;
    }
    case 'anyManager':
      if (!(await managesAny(db, requireUser(req)))) throw forbidden();
      return;
    case 'manager': {
      requireUser(req);
      await requireManager(req, await access.applicationOf(db, req), access.right);
      return;
    }
    case 'super':
      requireSuper(req, access.refusal);
      return;
    case 'community': {
      const me = requireUser(req);
      await refuseHeldReader(req, db);
      const c = await access.communityOf(db, req);
      const rights = await req.scope.managerRights(c.applicationId);
      if (rights?.includes('content')) return;
      const role = await communityRoleOf(db, c.communityId, me.id);
      if (!roleAtLeast(role, access.role))
        throw new HttpError(403, 'forbidden', fillMsg(MSG.communityRoleMissing, { role: COMMUNITY_ROLE_LABELS[access.role] }));
      return;
    }
  }
}

/** Who may call, in the words of the API document (MSG.access*). */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return access.unless ? fillMsg(MSG.accessPublicUnless, unlessWords(access.unless)) : MSG.accessPublic;
    case 'session':
      return MSG.accessSession;
    case 'signedIn':
      return access.unless ? fillMsg(MSG.accessSignedInUnless, unlessWords(access.unless)) : MSG.accessSignedIn;
    case 'self':
      return fillMsg(MSG.accessSelf, { field: access.field });
    case 'owner':
      return MSG.accessOwner;
    case 'anyManager':
      return MSG.accessAnyManager;
    case 'manager':
      return access.right ? fillMsg(MSG.accessManagerWithRight, { right: MANAGER_RIGHT_LABELS[access.right] }) : MSG.accessManager;
    case 'super':
      return MSG.accessSuper;
    case 'community':
      return fillMsg(MSG.accessCommunity, { role: COMMUNITY_ROLE_LABELS[access.role] });
  }
}

/** The words of a stricter access for MSG.accessPublicUnless / accessSignedInUnless: when, and who then. */
const unlessWords = (stricter: Stricter) => ({ when: stricter.whenText, who: describeAccess(stricter.access) });
