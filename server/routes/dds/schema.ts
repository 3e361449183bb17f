/**
 * Inputs of the document delivery calls (issue 29 §7; docs/decisions.md 600-609): a reader's request
 * (the citation, plain text), the catalogue lookup, the download's confirmation of the copyright notice,
 * the console list's filters, a delivery (a file as base64) and a 无法提供 reason, the daily limit.
 */
import { z } from 'zod';
import { MSG, fillMsg } from '../../../common/messages.js';
import { DDS_FIELD_MAX, DDS_MAX_DAILY_LIMIT, DDS_PAGE_SIZE, DDS_REASON_MAX, DDS_STATES } from '../../../common/dds.js';
import { applicationRef, recordId } from '../../http/fields.js';

/** An optional plain text of at most `max` characters ('' when absent), `label` naming it in the refusal. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, fillMsg(MSG.ddsFieldTooLong, { field: label }))
    .nullish()
    .transform((v) => v ?? '');

/**
 * POST /api/v1/dds: the site, the citation (title required; the rest optional) and a note; `resourceId`
 * when it came from a detail page's 文献传递 (the record must be readable on the site).
 */
export const submitDdsBody = z.object({
  applicationId: applicationRef,
  resourceId: z.number().int().min(1).max(2_147_483_647).nullish(),
  title: z.string({ error: MSG.ddsTitleRequired }).trim().min(1, MSG.ddsTitleRequired).max(DDS_FIELD_MAX.title, MSG.ddsTitleTooLong),
  authors: optionalText(DDS_FIELD_MAX.authors, MSG.ddsFieldAuthors),
  journal: optionalText(DDS_FIELD_MAX.journal, MSG.ddsFieldJournal),
  year: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, MSG.ddsYearInvalid)
    .nullish()
    .transform((v) => v ?? ''),
  volume: optionalText(DDS_FIELD_MAX.volume, MSG.ddsFieldVolume),
  issue: optionalText(DDS_FIELD_MAX.issue, MSG.ddsFieldIssue),
  pages: optionalText(DDS_FIELD_MAX.pages, MSG.ddsFieldPages),
  doi: optionalText(DDS_FIELD_MAX.doi, MSG.ddsFieldDoi),
  note: optionalText(DDS_FIELD_MAX.note, MSG.ddsFieldNote),
});
export type SubmitDds = z.infer<typeof submitDdsBody>;

/** GET /api/v1/dds/mine: the reader's requests to one site. */
export const mineQuery = z.object({ applicationId: applicationRef });

/** GET /api/v1/dds/lookup: a DOI or a record id to look up in the site's catalogue. */
export const lookupQuery = z.object({
  applicationId: applicationRef,
  doi: z.string().max(DDS_FIELD_MAX.doi, MSG.ddsDoiInvalid).optional(),
  resourceId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** `/api/v1/dds/mine/{id}/file`: the reader's request id. */
export const mineParams = z.object({ id: recordId(MSG.ddsNotFound) });

/** The download's query: `agree=1` confirms the copyright notice (decision 603). */
export const downloadQuery = z.object({ agree: z.string().optional() });

/** `/api/v1/applications/{id}/dds/{requestId}…`: the application and one request of it. */
export const staffParams = z.object({ id: recordId(MSG.applicationNotFound), requestId: recordId(MSG.ddsNotFound) });
/** `/api/v1/applications/{id}/dds…`: the application. */
export const appParams = z.object({ id: recordId(MSG.applicationNotFound) });

/** GET /api/v1/applications/{id}/dds: by state, 20 a page, newest first. */
export const ddsListQuery = z.object({
  state: z.enum(DDS_STATES, { error: MSG.ddsState }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(DDS_PAGE_SIZE),
});
export type DdsListQuery = z.infer<typeof ddsListQuery>;

/** POST …/deliver: the full text as base64 (a `data:…;base64,` prefix allowed) and its file name. */
export const deliverBody = z.object({
  fileName: z.string({ error: MSG.ddsFileNameRequired }).trim().min(1, MSG.ddsFileNameRequired).max(200, MSG.ddsFileNameRequired),
  // 20 MB of bytes is at most 27,962,028 base64 characters
  file: z
    .string({ error: MSG.ddsFileRequired })
    .min(1, MSG.ddsFileRequired)
    .max(28_000_000, fillMsg(MSG.uploadFileTooLarge, { n: 20 })),
});
export type DeliverDds = z.infer<typeof deliverBody>;

/** POST …/refuse: the reason the reader sees. */
export const refuseBody = z.object({
  reason: z.string({ error: MSG.ddsReasonRequired }).trim().min(1, MSG.ddsReasonRequired).max(DDS_REASON_MAX, MSG.ddsReasonTooLong),
});

/** PUT /api/v1/applications/{id}/dds-settings. */
export const settingsBody = z.object({
  dailyLimit: z
    .number({ error: MSG.ddsDailyLimitInvalid })
    .int(MSG.ddsDailyLimitInvalid)
    .min(1, MSG.ddsDailyLimitInvalid)
    .max(DDS_MAX_DAILY_LIMIT, MSG.ddsDailyLimitInvalid),
});
