/**
 * The site setting 新用户需审核 as a policy (issue 29 §6 `/console/uc/auditUser`; docs/decisions.md
 * 660-664). On a site with the setting on, a signed-in reader who is not approved there is *held*: they
 * stay signed in but the site treats them as an anonymous visitor. The one downgrade is made where the
 * viewer's standing on an application is computed:
 * - `RequestScope.heldOn(app)` (./scope.ts) answers, once per request and application, whether the
 *   viewer is held (never staff: a manager of any application or a super manager, who may use the
 *   console on a site's host);
 * - `viewerRights` (./rights.ts) gives a held reader no user right and calls them not signed in, so the
 *   仅登录可见 modules and restricted downloads answer as for a visitor;
 * - the access check (./access.ts) refuses a held reader every access an anonymous visitor would not
 *   pass (signed in, self, owner, community) on that site with 403 {@link MSG.readerApprovalPending}
 *   (or the rejection), so comments, 我要咨询, document delivery, recommendations, communities and
 *   favourites refuse without code of their own;
 * - a detail read of a site with 详情页需登录 (./detailSignin.ts) counts a held reader as not signed in.
 *
 * Held (decision 661): the setting is on and the reader's approval row there is not approved; a reader
 * with no approval row is held unless they joined the site before (an `application_users` row: readers
 * who joined while the setting was off, or whom staff gave a role, stay in).
 *
 * The site of a request is the application of its Host header (with or without the port) and the
 * application the raw request names (`applicationId` of the query or the body), as for 详情页需登录.
 * Nothing here imports a route folder (eslint.config.js DOMAIN).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { Application } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { MSG, fillMsg } from '../../common/messages.js';

/** A reader's standing on a site with 新用户需审核: held or not, their approval's state and the rejection's reason. */
export interface ReaderStanding {
  held: boolean;
  /** the approval's state; 'none' before the reader was enrolled (they have not opened the site yet) */
  status: 'none' | 'pending' | 'approved' | 'rejected' | 'withdrawn';
  reason: string | null;
}

/** Reads the standing of reader `userId` on `app` (two indexed reads at most); `held` false when the setting is off. */
export async function readerStanding(db: Db, app: Pick<Application, 'id' | 'audit_new_users'>, userId: number): Promise<ReaderStanding> {
  if (app.audit_new_users !== 1) return { held: false, status: 'approved', reason: null };
  const row = await db
    .selectFrom('reader_approvals')
    .select(['status', 'reason'])
    .where('application_id', '=', app.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) {
    const status = row.status as ReaderStanding['status'];
    return { held: status !== 'approved', status, reason: status === 'rejected' ? row.reason : null };
  }
  const member = await db
    .selectFrom('application_users')
    .select('user_id')
    .where('application_id', '=', app.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return member ? { held: false, status: 'approved', reason: null } : { held: true, status: 'none', reason: null };
}

/** A positive integer id named by a raw value, or undefined. */
function namedId(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

const rawField = (part: unknown, key: string): unknown => (part && typeof part === 'object' ? (part as Record<string, unknown>)[key] : undefined);

/**
 * The applications with 新用户需审核 on that the request is made on (see the file comment): none for a
 * caller who is not signed in (nothing to downgrade), else one query. Rejects only on a database failure.
 */
export async function approvalSitesOf(req: FastifyRequest, db: Db): Promise<Application[]> {
  if (!req.user || req.user.anonymous) return [];
  const host = String(req.headers.host ?? '').toLowerCase();
  const hosts = [...new Set([host, host.replace(/:\d+$/, '')])].filter(Boolean);
  const ids = [namedId(rawField(req.query, 'applicationId')), namedId(rawField(req.body, 'applicationId'))].filter((x): x is number => x !== undefined);
  if (hosts.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('applications')
    .selectAll()
    .where('audit_new_users', '=', 1)
    .where((eb) => eb.or([...(hosts.length ? [eb('host', 'in', hosts)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
    .execute();
}

/**
 * Whether the signed-in caller is held on the site of the request (see the file comment). Resolves
 * false for a visitor who is not signed in and on a site without the setting.
 */
export async function heldOnRequestSite(req: FastifyRequest, db: Db): Promise<boolean> {
  for (const app of await approvalSitesOf(req, db)) if (await req.scope.heldOn(app)) return true;
  return false;
}

/**
 * Throws 403 `approval_pending` when the signed-in caller is held on the site of the request: 您的账号正在等待本站审核…,
 * or 您的账号未通过本站审核：{reason} after a rejection. Resolves otherwise.
 */
export async function refuseHeldReader(req: FastifyRequest, db: Db): Promise<void> {
  for (const app of await approvalSitesOf(req, db)) {
    if (!(await req.scope.heldOn(app))) continue;
    const standing = await req.scope.standingOn(app);
    throw new HttpError(
      403,
      'approval_pending',
      standing.status === 'rejected'
        ? fillMsg(MSG.readerApprovalRejected, { reason: standing.reason || MSG.readerApprovalNoReason })
        : MSG.readerApprovalPending,
    );
  }
}
