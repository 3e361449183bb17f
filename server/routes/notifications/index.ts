/**
 * The reader's 站内信 (issue 29 §8; docs/decisions.md 580):
 * - GET /api/v1/notifications: my notifications, newest first, 20 a page, with the state of each e-mail;
 * - GET /api/v1/notifications/unread-count: the header badge's number;
 * - POST /api/v1/notifications/{id}/read, POST /api/v1/notifications/read-all: mark read.
 * Signed-in readers only, their own rows only (`own`): another reader's notification answers 404.
 * Never cached by a shared cache (`private, no-store`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { signedInAccess } from '../../policies/access.js';
import { ownRows } from '../../policies/rows.js';
import { MSG } from '../../../common/messages.js';
import { markedAnswer, notificationPageAnswer, unreadAnswer } from '../../../common/contracts/helix.js';
import { listNotifications, markAllRead, markRead, unreadCount } from '../../notifications/service.js';
import { notificationListQuery, notificationParams } from './schema.js';

const tags = [MSG.notificationsTag];
const mine = { access: signedInAccess, rows: ownRows };

export default async function notificationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/notifications',
    {
      schema: { summary: '我的消息（站内信，每页 20 条，新的在前）', tags, querystring: notificationListQuery, response: { 200: notificationPageAnswer } },
      config: mine,
    },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      const unread = req.query.unread === '1' || req.query.unread === 'true';
      return listNotifications(db, currentUser(req).id, { page: req.query.page, size: req.query.size, unread });
    },
  );

  r.get(
    '/api/v1/notifications/unread-count',
    { schema: { summary: '我的未读消息数', tags, response: { 200: unreadAnswer } }, config: mine },
    async (req, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return { count: await unreadCount(db, currentUser(req).id) };
    },
  );

  r.post(
    '/api/v1/notifications/:id/read',
    { schema: { summary: '把一条消息标为已读', tags, params: notificationParams, response: { 200: markedAnswer } }, config: mine },
    async (req) => {
      await markRead(db, currentUser(req).id, req.params.id);
      return { ok: true as const, count: 1, message: MSG.notificationRead };
    },
  );

  r.post(
    '/api/v1/notifications/read-all',
    { schema: { summary: '把我的消息全部标为已读', tags, response: { 200: markedAnswer } }, config: mine },
    async (req) => {
      return { ok: true as const, count: await markAllRead(db, currentUser(req).id), message: MSG.notificationsAllRead };
    },
  );
}
