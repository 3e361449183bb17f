/**
 * Reference-question calls 参考咨询 (issue 29 item 4; docs/decisions.md 590-599):
 * - POST /api/v1/questions: a signed-in reader asks a site (5 a day per account, decision 594);
 * - GET /api/v1/questions/mine, POST …/mine/{id}/supplement, GET …/mine/{id}/attachments/{attachmentId}:
 *   the reader's own (我的咨询); another reader's answers 404;
 * - GET /api/v1/questions/faq: a site's public FAQ (its published questions), searchable;
 * - /api/v1/applications/{id}/questions…: the application's staff holding 内容管理 (decision 591): the
 *   list, one question, its attachments, assign, answer, ask back, close, publish / unpublish to the
 *   FAQ, the assignable managers and the answer period. A question of another application answers 404
 *   (every read is bounded by the application in the path); a manager of this application without
 *   内容管理 gets 403, a manager of another application 403 for this application's path.
 * Each staff move is in the audit log (server/audit/rules.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { createStorage, type FileStorage } from '../../files/storage.js';
import { managerAccess, publicAccess, signedInAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { ownRows, siteRows } from '../../policies/rows.js';
import { readableApplication } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { fileBytesAnswer } from '../../../common/contracts/files.js';
import {
  assigneeListAnswer,
  faqPageAnswer,
  myQuestionListAnswer,
  myQuestionSavedAnswer,
  questionAnswer,
  questionPageAnswer,
  questionSavedAnswer,
  questionSettingsAnswer,
  questionSettingsSavedAnswer,
} from '../../../common/contracts/questions.js';
import {
  answerBody,
  appParams,
  askBackBody,
  askBody,
  assignBody,
  faqQuery,
  listQuery,
  mineAttachmentParams,
  mineParams,
  mineQuery,
  publishBody,
  questionAttachmentParams,
  questionParams,
  settingsBody,
  supplementBody,
} from './schema.js';
import {
  askQuestion,
  assignees,
  attachmentOf,
  dueDays,
  faqPage,
  listQuestions,
  mineOf,
  moveQuestion,
  ownQuestion,
  publishQuestion,
  questionOf,
  saveDueDays,
  staffQuestion,
  supplement,
} from '../../questions/service.js';

const tags = [MSG.questionTag];

/** Options of the question routes: the file store of attachments (tests pass their own). */
export interface QuestionRouteOptions {
  storage?: FileStorage;
}

/** Sends a stored attachment as a download: its checked type, never cached by a shared cache, never sniffed or run. */
async function sendAttachment(reply: FastifyReply, storage: FileStorage, row: { storage_key: string; content_type: string; name: string }) {
  const obj = await storage.get(row.storage_key);
  if (!obj) throw notFound(MSG.questionAttachmentNotFound);
  return reply
    .header('Content-Type', row.content_type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`)
    .send(obj.body);
}

export default async function questionRoutes(app: FastifyInstance, { db, config }: AppContext, opts: QuestionRouteOptions = {}) {
  const storage = opts.storage ?? createStorage(config);
  const r = declared(app);
  /** The application's staff holding 内容管理 (decision 591). */
  const staff = { access: managerAccess(applicationInPath, 'content') };

  r.post(
    '/api/v1/questions',
    {
      // 3 attachments of 5 MB are about 20 MB of base64
      bodyLimit: 21_500_000,
      schema: { summary: '提交参考咨询（每个账号每天最多 5 个）', tags, body: askBody, response: { 201: myQuestionSavedAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      await readableApplication(req.scope, req.body.applicationId);
      const saved = await askQuestion(db, storage, currentUser(req), req.body);
      return reply.status(201).send({ ...saved, message: MSG.questionAsked });
    },
  );

  r.get(
    '/api/v1/questions/mine',
    {
      schema: { summary: '我在本站的咨询（我的咨询），含往来记录', tags, querystring: mineQuery, response: { 200: myQuestionListAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return { content: await mineOf(db, currentUser(req).id, req.query.applicationId) };
    },
  );

  r.post(
    '/api/v1/questions/mine/:id/supplement',
    {
      schema: {
        summary: '补充咨询信息（回应馆员的追问：待补充 → 处理中）',
        tags,
        params: mineParams,
        body: supplementBody,
        response: { 200: myQuestionSavedAnswer },
      },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req) => ({ ...(await supplement(db, currentUser(req), req.params.id, req.body.text)), message: MSG.questionSupplemented }),
  );

  r.get(
    '/api/v1/questions/mine/:id/attachments/:attachmentId',
    {
      schema: { summary: '下载我的咨询的附件', tags, params: mineAttachmentParams, response: { 200: fileBytesAnswer } },
      config: { access: signedInAccess, rows: ownRows },
    },
    async (req, reply) => {
      const q = await ownQuestion(db, currentUser(req).id, req.params.id);
      return sendAttachment(reply, storage, await attachmentOf(db, q.id, req.params.attachmentId));
    },
  );

  r.get(
    '/api/v1/questions/faq',
    {
      schema: { summary: '本站的常见问题（已发布的咨询，可按文字检索，每页 20 条）', tags, querystring: faqQuery, response: { 200: faqPageAnswer } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req) => {
      await readableApplication(req.scope, req.query.applicationId);
      return faqPage(db, req.query.applicationId, req.query);
    },
  );

  r.get(
    '/api/v1/applications/:id/questions',
    {
      schema: {
        summary: '本应用的参考咨询（按状态、超期、指派给我、文字筛选，每页 20 条）',
        tags,
        params: appParams,
        querystring: listQuery,
        response: { 200: questionPageAnswer },
      },
      config: staff,
    },
    async (req) => listQuestions(db, req.params.id, currentUser(req), req.query),
  );

  r.get(
    '/api/v1/applications/:id/questions/assignees',
    {
      schema: { summary: '可分配咨询的管理员（有「内容管理」权限）', tags, params: appParams, response: { 200: assigneeListAnswer } },
      config: staff,
    },
    async (req) => ({ content: await assignees(db, req.params.id, currentUser(req)) }),
  );

  r.get(
    '/api/v1/applications/:id/questions/settings',
    {
      schema: { summary: '参考咨询设置（答复期限，工作日）', tags, params: appParams, response: { 200: questionSettingsAnswer } },
      config: staff,
    },
    async (req) => ({ dueDays: await dueDays(db, req.params.id) }),
  );

  r.put(
    '/api/v1/applications/:id/questions/settings',
    {
      schema: {
        summary: '修改参考咨询设置（答复期限 1-30 个工作日）',
        tags,
        params: appParams,
        body: settingsBody,
        response: { 200: questionSettingsSavedAnswer },
      },
      config: staff,
    },
    async (req) => ({ dueDays: await saveDueDays(db, req.params.id, req.body.dueDays), message: MSG.questionSettingsSaved }),
  );

  r.get(
    '/api/v1/applications/:id/questions/:questionId',
    {
      schema: { summary: '读取一条参考咨询（含往来记录与附件）', tags, params: questionParams, response: { 200: questionAnswer } },
      config: staff,
    },
    async (req) => staffQuestion(db, req.params.id, req.params.questionId),
  );

  r.get(
    '/api/v1/applications/:id/questions/:questionId/attachments/:attachmentId',
    {
      schema: { summary: '下载参考咨询的附件', tags, params: questionAttachmentParams, response: { 200: fileBytesAnswer } },
      config: staff,
    },
    async (req, reply) => {
      const q = await questionOf(db, req.params.id, req.params.questionId);
      return sendAttachment(reply, storage, await attachmentOf(db, q.id, req.params.attachmentId));
    },
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/assign',
    {
      schema: {
        summary: '分配咨询给本应用的管理员（待分配 → 处理中）',
        tags,
        params: questionParams,
        body: assignBody,
        response: { 200: questionSavedAnswer },
      },
      config: staff,
    },
    async (req) => ({
      ...(await moveQuestion(db, currentUser(req), req.params.id, req.params.questionId, 'assign', { assigneeId: req.body.assigneeId })),
      message: MSG.questionAssigned,
    }),
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/answer',
    {
      schema: { summary: '答复咨询（富文本，→ 已答复）', tags, params: questionParams, body: answerBody, response: { 200: questionSavedAnswer } },
      config: staff,
    },
    async (req) => ({
      ...(await moveQuestion(db, currentUser(req), req.params.id, req.params.questionId, 'answer', { html: req.body.html })),
      message: MSG.questionAnswered,
    }),
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/askback',
    {
      schema: { summary: '追问：请读者补充信息（→ 待补充）', tags, params: questionParams, body: askBackBody, response: { 200: questionSavedAnswer } },
      config: staff,
    },
    async (req) => ({
      ...(await moveQuestion(db, currentUser(req), req.params.id, req.params.questionId, 'askback', { text: req.body.text })),
      message: MSG.questionAskedBack,
    }),
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/close',
    {
      schema: { summary: '关闭咨询（已关闭的不能再操作）', tags, params: questionParams, response: { 200: questionSavedAnswer } },
      config: staff,
    },
    async (req) => ({ ...(await moveQuestion(db, currentUser(req), req.params.id, req.params.questionId, 'close')), message: MSG.questionClosed }),
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/publish',
    {
      schema: { summary: '把已答复的咨询发布到本站常见问题', tags, params: questionParams, body: publishBody, response: { 200: questionSavedAnswer } },
      config: staff,
    },
    async (req) => ({ ...(await publishQuestion(db, req.params.id, req.params.questionId, true, req.body.question)), message: MSG.questionPublished }),
  );

  r.post(
    '/api/v1/applications/:id/questions/:questionId/unpublish',
    {
      schema: { summary: '从本站常见问题撤下', tags, params: questionParams, response: { 200: questionSavedAnswer } },
      config: staff,
    },
    async (req) => ({ ...(await publishQuestion(db, req.params.id, req.params.questionId, false)), message: MSG.questionUnpublished }),
  );
}
