/**
 * Where a request names its community, and the caller's role in it (docs/decisions.md 620-629): the
 * finders of `communityAccess` (server/policies/access.ts). A community belongs to one application; a
 * request under /api/v1/applications/{id}/communities/{communityId} for a community of another
 * application answers 404 社区不存在, as for one that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import type { RequestScope } from './scope.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/parse.js';
import { recordId } from '../http/fields.js';
import { MSG } from '../../common/messages.js';
import { COMMUNITY_ROLES, type CommunityRole } from '../../common/communities.js';

/** The community a request is about and its application. */
export interface CommunityRef {
  applicationId: number;
  communityId: number;
}

/** Finds the community a request is about, or throws 404 社区不存在 / 400. */
export type CommunityOf = (db: Db, req: FastifyRequest) => Promise<CommunityRef>;

const inPath = z.object({ id: recordId(MSG.applicationNotFound), communityId: recordId(MSG.communityNotFound) });

/** The community `communityId` of application `applicationId`, or 404 社区不存在. */
export async function communityOfApplication(db: Db, applicationId: number, communityId: number): Promise<CommunityRef> {
  const row = await db.selectFrom('communities').select(['id', 'application_id']).where('id', '=', communityId).executeTakeFirst();
  if (!row || row.application_id !== applicationId) throw notFound(MSG.communityNotFound);
  return { applicationId, communityId };
}

/** `:communityId` of an /api/v1/applications/{id}/communities/{communityId}/… path. */
export const communityInPath: CommunityOf = async (db, req) => {
  const p = parse(inPath, req.params, 'params');
  return communityOfApplication(db, p.id, p.communityId);
};

const postInBody = z.object({ applicationId: recordId(MSG.applicationIdRequired), targetId: recordId(MSG.commentTargetInvalid) });

/**
 * The community of the post a comment's body names (`applicationId`, `targetId`): 404 评论的内容不存在 when
 * the post is not shown or belongs to another application (decision 626).
 */
export const communityOfPostInBody: CommunityOf = async (db, req) => {
  const b = parse(postInBody, req.body);
  const row = await db
    .selectFrom('community_posts as p')
    .innerJoin('communities as c', 'c.id', 'p.community_id')
    .select(['c.id', 'c.application_id'])
    .where('p.id', '=', b.targetId)
    .where('p.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.application_id !== b.applicationId) throw notFound(MSG.commentTargetNotFound);
  return { applicationId: row.application_id, communityId: row.id };
};

/** The caller's role in the community when an active member, else null. */
export async function communityRoleOf(db: Db, communityId: number, userId: number): Promise<CommunityRole | null> {
  const row = await db
    .selectFrom('community_members')
    .select('role')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return row && (COMMUNITY_ROLES as readonly string[]).includes(row.role) ? (row.role as CommunityRole) : null;
}

/**
 * Who reads a community's pages (`Viewer` of server/communities/service.ts): the signed-in reader (not
 * an anonymous visitor) and whether they hold 内容管理 on the application. It only sets the answer's
 * `canModerate` flags for the pages; the calls that act declare their own access.
 */
export async function communityViewer(
  scope: RequestScope,
  user: User | null | undefined,
  applicationId: number,
): Promise<{ userId: number | null; staff: boolean }> {
  const reader = user && !user.anonymous ? user : null;
  const rights = reader ? await scope.managerRights(applicationId) : null;
  return { userId: reader?.id ?? null, staff: !!rights?.includes('content') };
}
