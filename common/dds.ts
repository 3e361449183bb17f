/**
 * Document delivery 文献传递 (issue 29 §7; spec 1 §2 `/temp/dds`, `/console/helix/dds`; docs/decisions.md
 * 600-609): the states of a request and their Chinese labels, the limits of a delivery (7 days, 5
 * downloads), the citation's fields and their lengths, shared by the server (server/dds,
 * server/routes/dds) and the pages (app/pages/dds, app/console/dds). No zod, no React.
 */

/**
 * The states (decision 600): 待处理 → 已传递 (staff uploaded the full text) or 无法提供 (staff gave a
 * reason). Both ends are final; an expired delivery stays 已传递 with its link expired.
 */
export const DDS_STATES = ['pending', 'delivered', 'unavailable'] as const;
export type DdsState = (typeof DDS_STATES)[number];
export const DDS_STATE_LABELS: Record<DdsState, string> = {
  pending: '待处理',
  delivered: '已传递',
  unavailable: '无法提供',
};
export const isDdsState = (v: unknown): v is DdsState => typeof v === 'string' && (DDS_STATES as readonly string[]).includes(v);

/** How long a delivered file can be downloaded, in days from the delivery (issue 29 §7). */
export const DDS_LINK_DAYS = 7;
/** How many times a delivered file can be downloaded (issue 29 §7). */
export const DDS_MAX_DOWNLOADS = 5;
/** Requests a reader may send to one site in one day when the site set nothing (decision 602). */
export const DDS_DEFAULT_DAILY_LIMIT = 5;
/** The highest daily limit a site may set. */
export const DDS_MAX_DAILY_LIMIT = 100;
/** The largest delivered file, in MB (decision 604). */
export const DDS_FILE_MAX_MB = 20;
/** Requests on one page of the console queue. */
export const DDS_PAGE_SIZE = 20;
/** The reader's page: the form and their deliveries. */
export const DDS_HREF = '/temp/dds';

/** The longest value of each citation field, in characters. */
export const DDS_FIELD_MAX = {
  title: 500,
  authors: 500,
  journal: 300,
  year: 4,
  volume: 20,
  issue: 20,
  pages: 40,
  doi: 200,
  note: 500,
} as const;
/** The longest 无法提供 reason. */
export const DDS_REASON_MAX = 500;

/** The time zone a reader's day is counted in for the daily limit (decision 602): China, UTC+8, no DST. */
const DAY_OFFSET_MS = 8 * 3600_000;

/** The start of the day (in UTC+8) holding `now`, as an ISO-8601 UTC text comparable with stored times. */
export function ddsDayStart(now: Date): string {
  const local = now.getTime() + DAY_OFFSET_MS;
  return new Date(local - (local % 86_400_000) - DAY_OFFSET_MS).toISOString();
}

/**
 * A DOI as typed or pasted (`10.1038/x`, `doi:10.1038/x`, `https://doi.org/10.1038/x`) in the form it is
 * compared and stored: without the prefix, trimmed, lower case; '' when it is not a DOI.
 */
export function normaliseDoi(raw: string | null | undefined): string {
  const s = (raw ?? '')
    .trim()
    .replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '')
    .toLowerCase();
  return /^10\.\d{4,9}\/\S+$/.test(s) ? s : '';
}
