/**
 * The one way dates are written as text, in the local time zone (the browser's, or the server's: `TZ`):
 * the patterns of the product's date style (yyyy-MM-dd, yyyy-MM-dd HH:mm, yyyy-MM-dd HH:mm:ss) through
 * dayjs, and {@link isoDay} for a date made of numbers read from a file.
 */
import dayjs from 'dayjs';

export const DAY = 'YYYY-MM-DD';
export const DAY_MINUTE = 'YYYY-MM-DD HH:mm';
export const DAY_SECOND = 'YYYY-MM-DD HH:mm:ss';

/** `d` in local time in `pattern` (a dayjs pattern; default yyyy-MM-dd). */
export function formatLocal(d: Date, pattern: string = DAY): string {
  return dayjs(d).format(pattern);
}

/** yyyy-MM-dd of a year, month (1-12) and day as given, not checked (a caller checks the result). */
export function isoDay(year: number, month: number, day: number): string {
  return [String(year), String(month).padStart(2, '0'), String(day).padStart(2, '0')].join('-');
}
