/**
 * Inputs of the audit log calls (`/console/logs`; decisions 312-317): the filters of the
 * list and of the CSV export (person, application, resource, action, dates as days of China Standard
 * Time) and the entry id. Bad input answers 400 with a Chinese message.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../../common/audit.js';
import { MSG } from '../../../common/messages.js';
import { applicationRef } from '../../http/fields.js';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.auditDateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MSG.auditDateInvalid);

const keyOf = <T extends Record<string, string>>(map: T, message: string) =>
  z.string().refine((v): v is Extract<keyof T, string> => Object.hasOwn(map, v), message);

/** The filters shared by the list and the export. */
const filters = {
  userId: z.coerce
    .number({ error: MSG.auditUserIdInvalid })
    .int(MSG.auditUserIdInvalid)
    .min(1, MSG.auditUserIdInvalid)
    .max(2_147_483_647, MSG.auditUserIdInvalid)
    .optional(),
  person: z.string().trim().max(50, MSG.auditPersonTooLong).optional(),
  applicationId: applicationRef.optional(),
  resource: keyOf(AUDIT_RESOURCES, MSG.auditResourceInvalid).optional(),
  action: keyOf(AUDIT_ACTIONS, MSG.auditActionInvalid).optional(),
  from: day.optional(),
  to: day.optional(),
};

const range = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;

/** GET /api/v1/audit-logs: the filters and a page (20 by default, spec 2 §9). */
export const auditListQuery = z
  .object({
    ...filters,
    page: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(100_000, MSG.invalidInput).default(1),
    size: z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).min(1, MSG.invalidInput).max(100, MSG.invalidInput).default(20),
  })
  .refine(range, { message: MSG.auditDateRange, path: ['to'] });

/** GET /api/v1/audit-logs/export.csv: the filters. */
export const auditExportQuery = z.object(filters).refine(range, { message: MSG.auditDateRange, path: ['to'] });

/** The filters as parsed. */
export type AuditFilters = z.infer<typeof auditExportQuery>;

/** GET /api/v1/audit-logs/{id} */
export const auditIdParams = z.object({
  id: z.coerce.number({ error: MSG.auditNotFound }).int(MSG.auditNotFound).min(1, MSG.auditNotFound).max(2_147_483_647, MSG.auditNotFound),
});
