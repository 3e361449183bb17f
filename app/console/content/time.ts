/** Date-times of the console's content lists (spec 2 §9 'Dates': yyyy-MM-dd HH:mm:ss, local time). */
import { formatDate, parseDate } from '@modules/kit/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as yyyy-MM-dd HH:mm:ss in local time, '' when unreadable. */
export function formatDateTime(v: unknown): string {
  const d = parseDate(v);
  if (!d) return '';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
