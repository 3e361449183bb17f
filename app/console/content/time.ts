/** Date-times of the console's content lists (spec 2 §9 'Dates': yyyy-MM-dd HH:mm:ss, local time). */
import { parseDate } from '@modules/kit/format';
import { DAY_SECOND, formatLocal } from '@common/dates';

/** An ISO date-time as yyyy-MM-dd HH:mm:ss in local time, '' when unreadable. */
export function formatDateTime(v: unknown): string {
  const d = parseDate(v);
  if (!d) return '';
  return formatLocal(d, DAY_SECOND);
}
