/**
 * The moderation calls (docs/decisions.md 550-556), one set for every kind of submission:
 * - GET /api/v1/moderation/submissions?applicationId&kind&status&q&page: a reviewer of the application
 *   (manager holding 审核, or a super manager): a page of its queue, 20 a page;
 * - POST /api/v1/moderation/review {applicationId, ids, action, reason}: the same reviewer approves,
 *   rejects (one reason, seen by the authors) or reopens up to 20 of them, all or nothing;
 * - GET /api/v1/moderation/pending: any manager: the pending counts of the applications where they hold
 *   审核 (the console's badge).
 * The engine records each transition in the audit log itself (one row per submission).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { anyManagerAccess, managerAccess } from '../../policies/access.js';
import { applicationInBody, applicationInQuery } from '../../policies/applications.js';
import { managedRows } from '../../policies/rows.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { pendingCountAnswer, reviewAnswer, submissionPageAnswer } from '../../../common/contracts/moderation.js';
import { review, type Actor } from '../../moderation/engine.js';
import { listSubmissions, pendingCounts } from '../../moderation/queue.js';
import { queueQuery, reviewBody } from './schema.js';

const tags = ['审核'];

/** The actor of a request, for the audit rows the engine writes. */
export function actorOf(req: FastifyRequest): Actor {
  return { user: req.user && !req.user.anonymous ? req.user : null, ip: req.ip, method: req.method, route: req.routeOptions.url ?? '' };
}

export default async function moderationRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/moderation/submissions',
    {
      schema: { summary: '审核队列（一个应用、一种类型，每页 20 条）', tags, querystring: queueQuery, response: { 200: submissionPageAnswer } },
      config: { access: managerAccess(applicationInQuery, 'review') },
    },
    async (req) => listSubmissions(db, req.query, dialect),
  );

  r.post(
    '/api/v1/moderation/review',
    {
      schema: { summary: '审核：通过、驳回（附理由）或重新审核，最多 20 条', tags, body: reviewBody, response: { 200: reviewAnswer } },
      config: { access: managerAccess(applicationInBody, 'review') },
    },
    async (req) => {
      const b = req.body;
      currentUser(req);
      const count = await review(db, b.applicationId, b.ids, b.action, b.reason ?? null, actorOf(req));
      return { ok: true as const, count, message: fillMsg(MSG.moderationDone, { n: count }) };
    },
  );

  r.get(
    '/api/v1/moderation/pending',
    {
      schema: { summary: '待审核数（调用者可审核的应用）', tags, response: { 200: pendingCountAnswer } },
      config: { rows: managedRows, access: anyManagerAccess },
    },
    async (req) => {
      const managed = await req.scope.managedApplications('review');
      return pendingCounts(db, managed.all ? 'all' : managed.ids);
    },
  );
}
