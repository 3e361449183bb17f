/**
 * The reader's and the reviewer's calls of 学者认证与成果认领 (issue 29 §6; docs/decisions.md 650-656);
 * the queues themselves are the moderation engine's (server/routes/moderation: list, approve, reject,
 * reopen; withdrawal is DELETE /api/v1/submissions/{id}):
 * - POST /api/v1/scholar-claims/code: mails a 6-digit code to an address at the scholar's institution;
 * - POST /api/v1/scholar-claims: a signed-in reader claims a scholar profile (我是该学者) with the code or a document;
 * - PUT /api/v1/scholar-claims/profile: the verified owner sends a biography and links to review;
 * - GET /api/v1/scholar-claims/mine: the reader's verified profile (学者认证与成果认领);
 * - GET /api/v1/scholar-claims/{id}/document: a reviewer (审核) downloads a claim's evidence;
 * - GET /api/v1/scholars/{id}/verification: 已认证, the approved biography and links, the reader's claim;
 * - POST /api/v1/fruit-appeals: a verified scholar claims (认领) or disputes (申诉) an output;
 * - GET /api/v1/outputs/{id}/authors: the scholars an output is attributed to.
 * The engine writes the audit rows of the submissions.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound, tooMany } from '../../http/errors.js';
import { hit } from '../../http/rateLimit.js';
import { managerAccess, publicAccess, signedInAccess } from '../../policies/access.js';
import { ownRows, readableResources, resourceRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { mailProviderFrom, type MailProvider } from '../../notify/mail.js';
import { applicationRef } from '../../http/fields.js';
import { MSG } from '../../../common/messages.js';
import { okAnswer } from '../../../common/contracts/common.js';
import { fileBytesAnswer } from '../../../common/contracts/files.js';
import { myScholarAnswer, outputAuthorsAnswer, scholarRequestSentAnswer, scholarVerificationAnswer } from '../../../common/contracts/scholarClaims.js';
import { actorOf } from '../moderation/index.js';
import {
  claimDocument,
  claimScholar,
  editScholarProfile,
  myScholarProfile,
  scholarRequestApplication,
  scholarVerification,
  sendClaimCode,
} from '../../submissions/scholarClaim.js';
import { appealOutput, outputAuthors } from '../../submissions/fruitAppeal.js';
import { claimBody, claimCodeBody, fruitAppealBody, outputParams, profileBody, requestParams, scholarParams } from './schema.js';

const tags = ['审核'];
const siteQuery = z.object({ applicationId: applicationRef });

/** Codes a reader may ask for per hour (besides the code service's own limits). */
const CODES_PER_HOUR = 10;

/** Options of the routes: the file store and mail provider (tests pass their own). */
export interface ScholarClaimRouteOptions {
  storage?: FileStorage;
  mail?: MailProvider;
}

/** The application of the scholar request in the path (404 when there is none). */
const requestOf = async (db: Db, req: FastifyRequest) => {
  const p = requestParams.safeParse(req.params);
  if (!p.success) throw notFound(MSG.submissionNotFound);
  return scholarRequestApplication(db, p.data.id);
};

/** Sends the evidence document as a download: its checked type, never cached by a shared cache, never sniffed or run. */
async function sendDocument(reply: FastifyReply, storage: FileStorage, row: { storage_key: string; content_type: string; name: string }) {
  const obj = await storage.get(row.storage_key);
  if (!obj) throw notFound(MSG.scholarClaimNoDocument);
  return reply
    .header('Content-Type', row.content_type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`)
    .send(obj.body);
}

export default async function scholarClaimRoutes(app: FastifyInstance, { db, config }: AppContext, opts: ScholarClaimRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  const mail = opts.mail ?? mailProviderFrom(config);
  const r = declared(app);

  r.post(
    '/api/v1/scholar-claims/code',
    {
      schema: { summary: '向学者所在机构域名的邮箱发送认证验证码', tags, body: claimCodeBody, response: { 200: okAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => {
      const user = currentUser(req);
      await readableApplication(req.scope, req.body.applicationId);
      if (!(await hit(db, `scholar-code:${user.id}`, CODES_PER_HOUR, 3600_000))) throw tooMany(MSG.sendTooOften);
      await sendClaimCode(db, config.secret, mail, user, req.body.scholarId, req.body.email, req.ip);
      return { ok: true as const, message: MSG.scholarClaimCodeSent };
    },
  );

  r.post(
    '/api/v1/scholar-claims',
    {
      // a 5 MB document is about 6.7 MB of base64
      bodyLimit: 7_500_000,
      schema: { summary: '认领学者（我是该学者），附机构邮箱验证码或证明材料，提交审核', tags, body: claimBody, response: { 201: scholarRequestSentAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const done = await claimScholar(db, storage, config.secret, req.body, currentUser(req), actorOf(req));
      return reply.status(201).send({ ok: true as const, ...done, message: MSG.scholarClaimSent });
    },
  );

  r.put(
    '/api/v1/scholar-claims/profile',
    {
      schema: { summary: '已认证学者修改简介与链接，提交审核', tags, body: profileBody, response: { 201: scholarRequestSentAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const done = await editScholarProfile(db, req.body, currentUser(req), actorOf(req));
      return reply.status(201).send({ ok: true as const, ...done, message: MSG.scholarProfileSent });
    },
  );

  r.get(
    '/api/v1/scholar-claims/mine',
    {
      schema: { summary: '我认证的学者（学者认证与成果认领）', tags, response: { 200: myScholarAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req) => ({ profile: await myScholarProfile(db, currentUser(req).id) }),
  );

  r.get(
    '/api/v1/scholar-claims/:id/document',
    {
      schema: { summary: '学者认证的证明材料', tags, params: requestParams, response: { 200: fileBytesAnswer } },
      config: { access: managerAccess(requestOf, 'review') },
    },
    async (req, reply) => sendDocument(reply, storage, await claimDocument(db, req.params.id)),
  );

  r.get(
    '/api/v1/scholars/:id/verification',
    {
      schema: {
        summary: '学者的认证状态、审核通过的简介与链接',
        tags,
        params: scholarParams,
        querystring: siteQuery,
        response: { 200: scholarVerificationAnswer },
      },
      config: { rows: resourceRows, access: publicAccess },
    },
    async (req) => {
      await readableApplication(req.scope, req.query.applicationId);
      const viewer = req.user && !req.user.anonymous ? req.user : null;
      return scholarVerification(db, req.params.id, viewer?.id ?? null, readableResources(req));
    },
  );

  r.post(
    '/api/v1/fruit-appeals',
    {
      schema: { summary: '已认证学者认领成果或对归属于自己的成果申诉，提交审核', tags, body: fruitAppealBody, response: { 201: scholarRequestSentAnswer } },
      config: { rows: ownRows, access: signedInAccess },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const done = await appealOutput(db, req.body, currentUser(req), actorOf(req));
      return reply.status(201).send({ ok: true as const, ...done, message: req.body.mode === 'claim' ? MSG.fruitClaimSent : MSG.fruitAppealSent });
    },
  );

  r.get(
    '/api/v1/outputs/:id/authors',
    {
      schema: { summary: '成果经认领确认的作者（已认证学者）', tags, params: outputParams, querystring: siteQuery, response: { 200: outputAuthorsAnswer } },
      config: { rows: resourceRows, access: publicAccess },
    },
    async (req) => {
      await readableApplication(req.scope, req.query.applicationId);
      return outputAuthors(db, req.params.id, readableResources(req));
    },
  );
}
