/**
 * The reader's and the reviewer's calls of the review queues (issue 29 §6; docs/decisions.md 610-619);
 * the queue itself is the moderation engine's (server/routes/moderation: list, approve, reject, reopen):
 * - POST /api/v1/submissions/recommendations: a signed-in reader recommends a resource (资源推荐);
 * - PUT /api/v1/submissions/recommendations/{id}/placement: a reviewer (审核) of its application sets
 *   the category the record goes in on approval;
 * - GET /api/v1/submissions/mine: the reader's own submissions of these kinds (我的提交);
 * - DELETE /api/v1/submissions/{id}: the author withdraws one.
 * The engine writes the audit rows of the transitions; the placement is audited by the access hook.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { managerAccess, ownerAccess, signedInAccess } from '../../policies/access.js';
import { ownRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { mySubmissionPageAnswer, recommendedAnswer } from '../../../common/contracts/submissions.js';
import { withdraw } from '../../moderation/engine.js';
import { actorOf } from '../moderation/index.js';
import { placeRecommendation, recommend, recommendationApplication } from '../../submissions/recommend.js';
import { listMine, submissionAuthor } from '../../submissions/mine.js';
import { mineQuery, placementBody, recommendBody, recommendationParams, submissionParams } from './schema.js';

const tags = ['审核'];

/** The application of the recommendation in the path (404 when there is none). */
const recommendationOf = async (db: Db, req: FastifyRequest) => {
  const p = recommendationParams.safeParse(req.params);
  if (!p.success) throw notFound(MSG.recommendNotFound);
  return recommendationApplication(db, p.data.id);
};

/** The author of the submission in the path (404 when it is not one of the reader's kinds). */
const submissionOwner = (db: Db) => async (_db: Db, req: FastifyRequest) => {
  const p = submissionParams.safeParse(req.params);
  if (!p.success) throw notFound(MSG.submissionNotFound);
  return (await submissionAuthor(db, p.data.id)).authorId;
};

export default async function submissionRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.post(
    '/api/v1/submissions/recommendations',
    {
      schema: { summary: '推荐资源（链接、资源记录或一条 BibTeX / RIS 条目），提交审核', tags, body: recommendBody, response: { 201: recommendedAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req, reply) => {
      const b = req.body;
      await readableApplication(req.scope, b.applicationId);
      const done = await recommend(db, b.applicationId, b, currentUser(req), actorOf(req));
      return reply.status(201).send({ ok: true as const, ...done, message: MSG.recommendSent });
    },
  );

  r.put(
    '/api/v1/submissions/recommendations/:id/placement',
    {
      schema: { summary: '设置推荐资源通过后所在的分类（审核中）', tags, params: recommendationParams, body: placementBody, response: { 200: okAnswer } },
      config: { access: managerAccess(recommendationOf, 'review') },
    },
    async (req) => {
      await placeRecommendation(db, req.params.id, req.body.category ?? null, req.body.subcategory ?? null);
      return { ok: true as const, message: MSG.recommendPlaced };
    },
  );

  r.get(
    '/api/v1/submissions/mine',
    {
      schema: { summary: '我的提交（资源推荐、学者认证、成果认领等）', tags, querystring: mineQuery, response: { 200: mySubmissionPageAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => listMine(db, currentUser(req).id, req.query),
  );

  r.delete(
    '/api/v1/submissions/:id',
    {
      schema: { summary: '撤回本人的提交', tags, params: submissionParams, response: { 200: okAnswer } },
      config: { access: ownerAccess(submissionOwner(db)) },
    },
    async (req) => {
      const user = currentUser(req);
      const s = await submissionAuthor(db, req.params.id);
      await withdraw(db, s.kind, s.refId, { ...actorOf(req), user });
      return { ok: true as const, message: MSG.submissionWithdrawn };
    },
  );
}
