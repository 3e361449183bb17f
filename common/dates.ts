/**
 * The one way dates are written as text, in the local time zone (the browser's, or the server's: `TZ`):
 * the three patterns of the product's date style (yyyy-MM-dd, yyyy-MM-dd HH:mm, yyyy-MM-dd HH:mm:ss),
 * and {@link isoDay} for a date made of numbers read from a file. Written out here rather than through
 * dayjs: the visitor's home page formats dates (modules/kit/format.ts), and dayjs would add 3 KB gzip
 * to a bundle held under 150 KB (decision 254; e2e/reports.test.ts).
 */

export const DAY = 'YYYY-MM-DD';
export const DAY_MINUTE = 'YYYY-MM-DD HH:mm';
export const DAY_SECOND = 'YYYY-MM-DD HH:mm:ss';

/** One of the product's date patterns. */
export type DatePattern = typeof DAY | typeof DAY_MINUTE | typeof DAY_SECOND;

const digits = (n: number, width = 2) => String(n).padStart(width, '0');

/** `d` in local time in `pattern` (default yyyy-MM-dd), e.g. 2026-01-05, 2026-01-05 07:08, 2026-01-05 07:08:09. */
export function formatLocal(d: Date, pattern: DatePattern = DAY): string {
  const day = `${digits(d.getFullYear(), 4)}-${digits(d.getMonth() + 1)}-${digits(d.getDate())}`;
  if (pattern === DAY) return day;
  const minute = `${day} ${digits(d.getHours())}:${digits(d.getMinutes())}`;
  return pattern === DAY_MINUTE ? minute : `${minute}:${digits(d.getSeconds())}`;
}

/** yyyy-MM-dd of a year, month (1-12) and day as given, not checked (a caller checks the result). */
export function isoDay(year: number, month: number, day: number): string {
  return [String(year), digits(month), digits(day)].join('-');
}
