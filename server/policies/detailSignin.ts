/**
 * The API side of the site setting 详情页需登录 (docs/decisions.md, the row):
 * when the site a request is made on has it on, the detail reads behind its /microapp/** pages (one
 * resource, its citation, a citation export, a report, a scholar) answer 401 请先登录 to a caller who is
 * not signed in (anonymous visitors included), as the pages themselves send such a visitor to sign in
 * (server/web). Lists, search and the panels' reads stay public: the home page shows them to everyone.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { MSG } from '../../common/messages.js';
import { publicUnless, rawFields, signedInAccess, type Access } from './access.js';
import { approvalSitesOf } from './readerApproval.js';

/** Reads an application id from the raw request (before validation): a number, its digits, or anything else. */
export type ApplicationIdOf = (req: FastifyRequest) => unknown;

/** A positive integer id named by a raw value, or undefined (absent or malformed: the route's own validation answers). */
function namedId(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** Whether the signed-in caller is held (新用户需审核) on a site of the request that has 详情页需登录 on. */
async function heldOnDetailSite(req: FastifyRequest, db: Db): Promise<boolean> {
  for (const app of await approvalSitesOf(req, db)) if (app.detail_signin === 1 && (await req.scope.heldOn(app))) return true;
  return false;
}

/**
 * `when` of the stricter access (server/policies/access.ts Stricter): whether a caller who is not signed in
 * reads on a site with 详情页需登录 on. The site is the application of the Host header (with or without
 * its port) and, when `applicationIdOf` names one, that application too (a call that names its site, as
 * the report calls do, follows that site's setting whatever host it is sent to). A signed-in caller
 * counts only when held there under 新用户需审核 (./readerApproval.ts). Resolves false when no such site;
 * rejects only on a database failure.
 */
export function siteRequiresSignin(applicationIdOf?: ApplicationIdOf) {
  return async (req: FastifyRequest, db: Db): Promise<boolean> => {
    // a signed-in reader awaiting approval there (新用户需审核) reads as a visitor does (decision 660)
    if (req.user && !req.user.anonymous) return heldOnDetailSite(req, db);
    const host = String(req.headers.host ?? '').toLowerCase();
    const hosts = [...new Set([host, host.replace(/:\d+$/, '')])].filter(Boolean);
    const id = applicationIdOf ? namedId(applicationIdOf(req)) : undefined;
    if (hosts.length === 0 && id === undefined) return false;
    const row = await db
      .selectFrom('applications')
      .select('id')
      .where('detail_signin', '=', 1)
      .where((eb) => eb.or([...(hosts.length ? [eb('host', 'in', hosts)] : []), ...(id !== undefined ? [eb('id', '=', id)] : [])]))
      .executeTakeFirst();
    return row !== undefined;
  };
}

/**
 * The access of a detail read (see the file comment): everybody, unless the site has 详情页需登录 on; then
 * a signed-in person (401 请先登录 otherwise). `applicationIdOf` reads the site the call names, if any.
 */
export const detailReadAccess = (applicationIdOf?: ApplicationIdOf): Access =>
  publicUnless({ when: siteRequiresSignin(applicationIdOf), access: signedInAccess, whenText: MSG.accessWhenDetailSignin });

/** The `applicationId` of the raw query (the report calls). */
export const queryApplicationId: ApplicationIdOf = (req) => rawFields(req.query).applicationId;
