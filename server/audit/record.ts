/**
 * Records every console write in the audit log, in one place (`/console/logs`; decisions
 * 312-313): a successful (2xx) write by a signed-in user on a route of {@link AUDITED} gets one
 * `audit_log` row with who (id, name and masked phone or e-mail), when, the client address, the route
 * pattern, the resource and its id, the application, the action and what changed. For a route with a
 * stored row to compare, the row is read before the handler (preHandler) and again once it answered
 * (onSend, before the answer leaves, so the writer's next read of the log sees it); only the changed
 * fields are kept. Failing to record never fails the user's write: the failure is logged as an error.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import type { AuditAction, AuditChanges } from '../../common/audit.js';
import { maskPhone } from '../../common/roles.js';
import { auditRuleOf, type AuditRule, type Source } from './rules.js';
import { SNAPSHOTS, type Snapshot } from './snapshot.js';
import { bodyChanges, diffRows } from './changes.js';

/** What the preHandler keeps for the onSend hook. */
interface Pending {
  rule: AuditRule;
  user: User;
  before: Snapshot | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the write being recorded (server/audit/record.ts), set by its preHandler */
    auditPending: Pending | null;
  }
}

/** `a***@example.cn` for an e-mail address. */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email.slice(0, 1)}***${email.slice(at)}` : '***';
}

/** The user as an entry names them: the name and the masked phone (or e-mail), e.g. 张三（138****1234）. */
export function userLabel(u: Pick<User, 'name' | 'phone' | 'email'>): string {
  const contact = u.phone ? maskPhone(u.phone) : u.email ? maskEmail(u.email) : null;
  return contact ? `${u.name}（${contact}）` : u.name;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The value at `src` as text (ids are numbers or strings), or null. */
function pick(src: Source | undefined, req: FastifyRequest, answer: Record<string, unknown>): string | null {
  if (!src) return null;
  const v = 'param' in src ? asRecord(req.params)[src.param] : 'body' in src ? asRecord(req.body)[src.body] : answer[src.answer];
  return typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v).slice(0, 200) : null;
}

/** A whole positive number from text, or null. */
function idNumber(v: string | null): number | null {
  const n = v === null ? NaN : Number(v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2 ** 31 - 1 ? n : null;
}

/** The JSON answer as an object (an empty one for anything else). */
function answerOf(reply: FastifyReply, payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return {};
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return {};
  try {
    return asRecord(JSON.parse(payload));
  } catch {
    return {};
  }
}

/** Reads the stored row of a rule, by the id its source names now. */
async function readSnapshot(db: Db, rule: AuditRule, req: FastifyRequest, answer: Record<string, unknown>): Promise<Snapshot | null> {
  if (!rule.snapshot) return null;
  const id = idNumber(pick(rule.id, req, answer));
  return id === null ? null : SNAPSHOTS[rule.snapshot](db, id, asRecord(req.params) as Record<string, string>);
}

/** Registers the audit hooks. Call after the session and signing hooks (server/app.ts). */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditPending', null);

  app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url;
    const rule = url === undefined ? undefined : auditRuleOf(req.method, url);
    const user = req.user;
    if (!rule || !user || user.anonymous) return;
    let before: Snapshot | null = null;
    try {
      // a creation has no row yet: its id comes from the answer
      if (rule.id && !('answer' in rule.id)) before = await readSnapshot(db, rule, req, {});
    } catch (err) {
      req.log.error({ err, route: url }, '操作日志：读取修改前的数据失败');
    }
    req.auditPending = { rule, user, before };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const pending = req.auditPending;
    if (!pending || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    req.auditPending = null;
    try {
      const { rule, user, before } = pending;
      const body = asRecord(req.body);
      const action: AuditAction | null = typeof rule.action === 'function' ? rule.action(body) : rule.action;
      if (action === null) return payload; // a read sent through a write call
      const answer = answerOf(reply, payload);
      const after = rule.snapshot ? await readSnapshot(db, rule, req, answer) : null;
      const changes: AuditChanges = rule.snapshot && (before || after) ? diffRows(before?.fields ?? null, after?.fields ?? null) : bodyChanges(req.body);
      const applicationId = idNumber(pick(rule.app, req, answer)) ?? after?.applicationId ?? before?.applicationId ?? null;
      await db
        .insertInto('audit_log')
        .values({
          at: new Date().toISOString(),
          user_id: user.id,
          user_label: userLabel(user),
          ip: req.ip,
          application_id: applicationId,
          resource: rule.resource,
          resource_id: pick(rule.id, req, answer),
          action,
          method: req.method,
          route: req.routeOptions.url ?? '',
          changes: JSON.stringify(changes),
          status: reply.statusCode,
        })
        .execute();
    } catch (err) {
      req.log.error({ err, route: req.routeOptions.url }, '操作日志写入失败（用户的修改已保存）');
    }
    return payload;
  });
}
