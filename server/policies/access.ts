/**
 * Who may call a route (issue 12 §4; spec 1 §6; docs/decisions.md 135-139, 329): the access a route
 * declares in its `config.access`, and the one check that enforces it (server/http/contract.ts runs
 * it before the handler). The kinds are those of the role matrix (server/routes/roleMatrix.test.ts):
 * - `public`: everybody;
 * - `session`: any session, the anonymous (fingerprint) visitor's included: 401 without one;
 * - `signedIn`: a signed-in person, not an anonymous visitor: 401; with `unless`, a request that reaches
 *   further (another user's data, one application's list) must also pass that stricter access;
 * - `anyManager`: a manager of some application or a super manager: 403 for anyone else;
 * - `manager(applicationOf, right?)`: a manager of the application the request is about (holding
 *   `right` when given) or a super manager; `applicationOf` finds that application from the validated
 *   request and answers 404 itself when the thing asked for does not exist (404 comes before 403, as
 *   the handlers did);
 * - `super`: a super manager only.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { MANAGER_RIGHT_LABELS, type ManagerRight } from '../../common/roles.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { forbidden } from '../http/errors.js';
import { requireSuper, requireUser } from '../http/session.js';
import { managesAny, requireManager } from './managers.js';
import { unauthorized } from '../http/errors.js';

/** Finds the application a request is about (its id), or throws 404 / 400. */
export type ApplicationOf = (db: Db, req: FastifyRequest) => Promise<number>;

export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'signedIn'; unless?: Stricter }
  | { kind: 'anyManager' }
  | { kind: 'manager'; applicationOf: ApplicationOf; right?: ManagerRight }
  | { kind: 'super' };

/**
 * The stricter access a `signedIn` route asks of a request that reaches further (decision 348): `when`
 * reads the raw request (the access check runs before the route's validation) and says whether this
 * one does; `access` is then enforced as well; `whenText` (MSG) says when, in the API document.
 */
export interface Stricter {
  when(req: FastifyRequest): boolean;
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
 * Whether the request names a user other than the caller: `read` takes the id from the raw request
 * (absent, 0 or empty names nobody, i.e. the caller).
 */
export const namesOtherUser =
  (read: (req: FastifyRequest) => unknown) =>
  (req: FastifyRequest): boolean => {
    const id = read(req);
    return id !== undefined && id !== null && id !== '' && id !== 0 && Number(id) !== req.user?.id;
  };

/** A manager of the application `applicationOf` finds (with `right` when given), or a super manager. */
export const managerAccess = (applicationOf: ApplicationOf, right?: ManagerRight): Access => ({ kind: 'manager', applicationOf, right });

/**
 * Enforces `access` for the request: resolves, or throws the refusal (401 not signed in, 403 with the
 * missing right, 404 from `applicationOf`).
 */
export async function enforceAccess(db: Db, req: FastifyRequest, access: Access): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'session':
      if (!req.user) throw unauthorized();
      return;
    case 'signedIn':
      requireUser(req);
      if (access.unless?.when(req)) await enforceAccess(db, req, access.unless.access);
      return;
    case 'anyManager':
      if (!(await managesAny(db, requireUser(req)))) throw forbidden();
      return;
    case 'manager': {
      requireUser(req);
      await requireManager(db, req, await access.applicationOf(db, req), access.right);
      return;
    }
    case 'super':
      requireSuper(req);
      return;
  }
}

/** Who may call, in the words of the API document (MSG.access*). */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return MSG.accessPublic;
    case 'session':
      return MSG.accessSession;
    case 'signedIn':
      return access.unless
        ? fillMsg(MSG.accessSignedInUnless, { when: access.unless.whenText, who: describeAccess(access.unless.access) })
        : MSG.accessSignedIn;
    case 'anyManager':
      return MSG.accessAnyManager;
    case 'manager':
      return access.right ? fillMsg(MSG.accessManagerWithRight, { right: MANAGER_RIGHT_LABELS[access.right] }) : MSG.accessManager;
    case 'super':
      return MSG.accessSuper;
  }
}
