/**
 * The audit log of console writes (`/console/logs`; decisions 312-317). Entries are written
 * by server/audit/record.ts; these calls only read them (no PUT or DELETE exists: entries cannot be
 * edited or deleted through the API). Super managers read every entry, application managers those of
 * the applications on which they hold the 用户管理 right (decision 419; 403 没有「用户管理」权限 when on
 * none), anyone else gets 403:
 * - GET /api/v1/audit-logs?userId&person&applicationId&resource&action&from&to&page&size: a page of 20
 *   (spec 2 §9), newest first; `from`/`to` are days (YYYY-MM-DD) of China Standard Time, both included.
 * - GET /api/v1/audit-logs/export.csv?…same filters: the CSV (UTF-8 with BOM), at most 10,000 rows.
 * - GET /api/v1/audit-logs/{id}: one entry with its changes (404 该操作日志不存在, also outside the scope).
 * Declared contracts: the schemas and the access are in each route's options.
 */
import type { FastifyInstance } from 'fastify';
import { managedRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { declared } from '../../http/contract.js';
import { anyManagerAccess } from '../../policies/access.js';
import { MSG } from '../../../common/messages.js';
import { pageOf } from '../../../common/contracts/common.js';
import { auditCsvAnswer, auditEntryAnswer } from '../../../common/contracts/auditLogs.js';
import { auditExportQuery, auditIdParams, auditListQuery } from './schema.js';
import { auditScope, exportAuditCsv, getAuditLog, listAuditLogs } from './service.js';
import { auditTime } from '../../../common/audit.js';

const tags = ['操作日志'];
const config = { access: anyManagerAccess, rows: managedRows };

export default async function auditLogRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/audit-logs',
    {
      schema: {
        summary: '操作日志列表（最新在前；应用管理员只看到有「用户管理」权限的应用的）',
        tags,
        querystring: auditListQuery,
        response: { 200: pageOf(auditEntryAnswer) },
      },
      config,
    },
    async (req, reply) => {
      const scope = await auditScope(req.scope);
      void reply.header('cache-control', 'private, no-store');
      return listAuditLogs(db, scope, req.query);
    },
  );

  r.get(
    '/api/v1/audit-logs/export.csv',
    {
      schema: { summary: '导出操作日志 CSV', tags, querystring: auditExportQuery, response: { 200: auditCsvAnswer } },
      config,
    },
    async (req, reply) => {
      const scope = await auditScope(req.scope);
      const csv = await exportAuditCsv(db, scope, req.query);
      const day = auditTime(new Date().toISOString()).slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`${MSG.auditCsvFile}-${day}.csv`)}`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/v1/audit-logs/:id',
    {
      schema: { summary: '读取一条操作日志及其改动', tags, params: auditIdParams, response: { 200: auditEntryAnswer } },
      config,
    },
    async (req, reply) => {
      const scope = await auditScope(req.scope);
      void reply.header('cache-control', 'private, no-store');
      return getAuditLog(db, scope, req.params.id);
    },
  );
}
