/**
 * Reading the audit log (`/console/logs`; decisions 312-317, 419): who may see which entries
 * (super managers all, application managers the entries of the applications on which they hold the
 * 用户管理 right), the filtered
 * list, one entry, and the CSV export (UTF-8 with a BOM so that Excel reads the Chinese, at most
 * AUDIT_EXPORT_MAX_ROWS rows, newest first). Entries are only read here: nothing edits or deletes them
 * but the retention purge (server/maintenance/purge.ts).
 */
import { stringify } from 'csv-stringify/sync';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { RequestScope } from '../../policies/scope.js';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { containsText } from '../../db/like.js';
import { readPage } from '../../db/paging.js';
import { HttpError, forbidden, notFound } from '../../http/errors.js';
import { MSG, fillMsg } from '../../../common/messages.js';
import { MANAGER_RIGHT_LABELS, type ManagerRight } from '../../../common/roles.js';
import type { Page } from '../../../common/page.js';
import { AUDIT_EXPORT_MAX_ROWS, auditActionLabel, auditFieldLabel, auditResourceLabel, auditTime, type AuditChanges } from '../../../common/audit.js';
import type { AuditEntry } from '../../../common/contracts/auditLogs.js';
import type { AuditFilters } from './schema.js';

/** The entries a user may read: every one, or those of the listed applications. */
export type AuditScope = { all: true } | { all: false; applicationIds: number[] };

/**
 * The right an application manager needs to read its audit log (decision 419): the log says who did
 * what to the site, from which address, with the values before and after; 用户管理 is the right that
 * appoints the managers and sets their rights, so it is the one that oversees what they do.
 */
export const AUDIT_RIGHT: ManagerRight = 'users';

/**
 * The scope of `user`: a super manager reads every entry, an application manager the entries of the
 * applications on which they hold {@link AUDIT_RIGHT} (decision 419). Anyone else is refused with 403
 * 没有权限执行此操作; a manager holding the right on none of their applications with 403
 * 没有「用户管理」权限，请联系超级管理员.
 */
export async function auditScope(scope: RequestScope): Promise<AuditScope> {
  if (scope.superManager) return { all: true };
  const managed = await scope.managedApplications();
  if (managed.all || !managed.ids.length) throw forbidden();
  const withRight = await scope.managedApplications(AUDIT_RIGHT);
  const applicationIds = withRight.all ? managed.ids : withRight.ids;
  if (!applicationIds.length) throw new HttpError(403, 'forbidden', fillMsg(MSG.rightMissing, { right: MANAGER_RIGHT_LABELS[AUDIT_RIGHT] }));
  return { all: false, applicationIds };
}

/** The start of a day of China Standard Time (UTC+8, no daylight saving) as an ISO instant. */
export function cstDayStart(day: string, plusDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 8 * 3600_000 + plusDays * 864e5).toISOString();
}

type Q = SelectQueryBuilder<Database, 'audit_log' | 'applications', object>;

/** The entries of the scope matching the filters (no selection yet). */
function filtered(db: Db, scope: AuditScope, f: AuditFilters): Q {
  let q: Q = db.selectFrom('audit_log').leftJoin('applications', 'applications.id', 'audit_log.application_id');
  if (!scope.all) q = q.where('audit_log.application_id', 'in', scope.applicationIds);
  if (f.userId) q = q.where('audit_log.user_id', '=', f.userId);
  if (f.applicationId) q = q.where('audit_log.application_id', '=', f.applicationId);
  if (f.resource) q = q.where('audit_log.resource', '=', f.resource);
  if (f.action) q = q.where('audit_log.action', '=', f.action);
  if (f.from) q = q.where('audit_log.at', '>=', cstDayStart(f.from));
  if (f.to) q = q.where('audit_log.at', '<', cstDayStart(f.to, 1));
  const person = f.person;
  if (person) {
    // the stored label (name and masked phone) or the user's current name, phone or e-mail
    q = q.where((eb: ExpressionBuilder<Database, 'audit_log' | 'applications'>) =>
      eb.or([
        containsText('audit_log.user_label', person),
        eb(
          'audit_log.user_id',
          'in',
          eb
            .selectFrom('users')
            .select('users.id')
            .where(containsText(['users.name', 'users.phone', 'users.email'], person)),
        ),
      ]),
    );
  }
  return q;
}

const COLUMNS = [
  'audit_log.id',
  'audit_log.at',
  'audit_log.user_id',
  'audit_log.user_label',
  'audit_log.ip',
  'audit_log.application_id',
  'applications.name as application_name',
  'audit_log.resource',
  'audit_log.resource_id',
  'audit_log.action',
  'audit_log.method',
  'audit_log.route',
  'audit_log.status',
  'audit_log.changes',
] as const;

interface Row {
  id: number;
  at: string;
  user_id: number | null;
  user_label: string;
  ip: string;
  application_id: number | null;
  application_name: string | null;
  resource: string;
  resource_id: string | null;
  action: string;
  method: string;
  route: string;
  status: number;
  changes: string;
}

function parseChanges(text: string): AuditChanges {
  try {
    const v = JSON.parse(text) as Partial<AuditChanges>;
    return { mode: v.mode === 'diff' ? 'diff' : 'body', fields: Array.isArray(v.fields) ? v.fields : [] };
  } catch {
    return { mode: 'body', fields: [] };
  }
}

/** An entry as the API answers it. */
export function presentEntry(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    userId: r.user_id,
    userLabel: r.user_label,
    ip: r.ip,
    applicationId: r.application_id,
    applicationName: r.application_name,
    resource: r.resource,
    resourceId: r.resource_id,
    action: r.action,
    method: r.method,
    route: r.route,
    status: Number(r.status),
    changes: parseChanges(r.changes),
  };
}

const newestFirst = (q: Q) => q.select(COLUMNS).orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc');

/** A page of the entries of the scope matching the filters, newest first. Rejects on a database failure. */
export async function listAuditLogs(db: Db, scope: AuditScope, f: AuditFilters & { page: number; size: number }): Promise<Page<AuditEntry>> {
  return readPage(filtered(db, scope, f), f, newestFirst, presentEntry);
}

/** One entry of the scope, or 404 该操作日志不存在 (also for an entry outside the scope). */
export async function getAuditLog(db: Db, scope: AuditScope, id: number): Promise<AuditEntry> {
  const row = await filtered(db, scope, {}).select(COLUMNS).where('audit_log.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.auditNotFound);
  return presentEntry(row);
}

/**
 * How the export writes CSV (csv-stringify): CRLF line ends; a cell quoted when it holds a quote, a comma
 * or a line break; a leading =, +, -, @, tab or CR (and their full-width forms) defused with ' so a
 * spreadsheet never runs it; objects as JSON.
 */
const CSV_OPTIONS = {
  record_delimiter: 'windows',
  escape_formulas: true,
  quoted_match: /[\r\n]/,
  cast: { object: (v: object) => JSON.stringify(v) },
} as const;

/** One CSV cell as the export writes it. */
export function csvCell(v: unknown): string {
  return stringify([[v]], CSV_OPTIONS).replace(/\r\n$/, '');
}

/** One line of an entry's changes: 字段：修改前 → 修改后, joined by semicolons. */
function changesText(c: AuditChanges): string {
  const show = (v: unknown) => (v === undefined ? '—' : v === null ? '空' : typeof v === 'string' ? v : JSON.stringify(v));
  return c.fields
    .map((f) => (c.mode === 'body' ? `${auditFieldLabel(f.field)}：${show(f.after)}` : `${auditFieldLabel(f.field)}：${show(f.before)} → ${show(f.after)}`))
    .join('；');
}

/** The header line of the export. */
export const CSV_HEADER = [
  MSG.auditTime,
  MSG.auditPerson,
  '用户编号',
  MSG.auditAddress,
  MSG.auditApplication,
  '应用编号',
  MSG.auditAction,
  MSG.auditResource,
  MSG.auditResourceId,
  MSG.auditRoute,
  MSG.auditStatus,
  MSG.auditChanges,
];

/**
 * The CSV of the entries of the scope matching the filters, newest first, at most AUDIT_EXPORT_MAX_ROWS:
 * a BOM, the header, one line per entry (CRLF line ends, times in China Standard Time).
 */
export async function exportAuditCsv(db: Db, scope: AuditScope, f: AuditFilters): Promise<string> {
  const rows = await newestFirst(filtered(db, scope, f))
    .limit(AUDIT_EXPORT_MAX_ROWS)
    .execute();
  const records = rows.map((r) => {
    const e = presentEntry(r);
    return [
      auditTime(e.at),
      e.userLabel,
      e.userId,
      e.ip,
      e.applicationName ?? (e.applicationId ? MSG.auditDeletedApplication : ''),
      e.applicationId,
      auditActionLabel(e.action),
      auditResourceLabel(e.resource),
      e.resourceId,
      `${e.method} ${e.route}`,
      e.status,
      changesText(e.changes),
    ];
  });
  return stringify([CSV_HEADER, ...records], { ...CSV_OPTIONS, bom: true });
}
