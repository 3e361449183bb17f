/**
 * The audit log of console writes (issue 13 §1 `/console/logs`; decisions 312-317). Entries are written
 * by server/audit/record.ts; these calls only read them (no PUT or DELETE exists: entries cannot be
 * edited or deleted through the API). Super managers read every entry, application managers those of
 * the applications they manage, anyone else gets 403:
 * - GET /api/v1/audit-logs?userId&person&applicationId&resource&action&from&to&page&size: a page of 20
 *   (spec 2 §9), newest first; `from`/`to` are days (YYYY-MM-DD) of China Standard Time, both included.
 * - GET /api/v1/audit-logs/export.csv?…same filters: the CSV (UTF-8 with BOM), at most 10,000 rows.
 * - GET /api/v1/audit-logs/{id}: one entry with its changes (404 该操作日志不存在, also outside the scope).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { requireUser } from '../../http/session.js';
import { MSG } from '../../../common/messages.js';
import { auditExportQuery, auditIdParams, auditListQuery } from './schema.js';
import { auditScope, exportAuditCsv, getAuditLog, listAuditLogs } from './service.js';
import { auditTime } from '../../../common/audit.js';

export default async function auditLogRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v1/audit-logs', async (req, reply) => {
    const scope = await auditScope(db, requireUser(req));
    const q = parse(auditListQuery, req.query, 'query');
    void reply.header('cache-control', 'private, no-store');
    return listAuditLogs(db, scope, q);
  });

  app.get('/api/v1/audit-logs/export.csv', async (req, reply) => {
    const scope = await auditScope(db, requireUser(req));
    const q = parse(auditExportQuery, req.query, 'query');
    const csv = await exportAuditCsv(db, scope, q);
    const day = auditTime(new Date().toISOString()).slice(0, 10).replaceAll('-', '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`${MSG.auditCsvFile}-${day}.csv`)}`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/api/v1/audit-logs/:id', async (req, reply) => {
    const scope = await auditScope(db, requireUser(req));
    const { id } = parse(auditIdParams, req.params, 'params');
    void reply.header('cache-control', 'private, no-store');
    return getAuditLog(db, scope, id);
  });
}
