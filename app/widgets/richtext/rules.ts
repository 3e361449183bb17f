/**
 * Rules of the editor's dialogs (spec 2 §5, §9), pure so they are unit-tested:
 * table rows 1-100 and columns 1-8, insert enabled only when both are filled; link insert only with text
 * and address; image insert only after an upload; attachment insert only with text and an uploaded address.
 */
import { isSiteLink } from '@common/safePath';
import { EDITOR_TABLE_MAX_COLS, EDITOR_TABLE_MAX_ROWS } from '@common/constants';

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);
const intIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Table dialog: insert is enabled when both numbers are filled. */
export const tableFilled = (rows: unknown, cols: unknown) => filled(rows) && filled(cols);
/** Table dialog: both numbers in range (rows 1-100, columns 1-8). */
export const tableValid = (rows: unknown, cols: unknown) => intIn(rows, 1, EDITOR_TABLE_MAX_ROWS) && intIn(cols, 1, EDITOR_TABLE_MAX_COLS);
/** Link dialog: insert is enabled when text and address are filled. */
export const linkFilled = (text: unknown, link: unknown) => filled(text) && filled(link);
/** An address a link may point to: http(s) or a path on this site, by the check the server keeps (common/safePath.ts; decision 251). */
export const linkAddressValid = (v: string) => isSiteLink(v.trim());
/** Image dialog: insert is enabled once an image is uploaded. */
export const imageFilled = (url: unknown) => filled(url);
/** Attachment dialog: insert is enabled with a text and an uploaded address. */
export const attachmentFilled = (text: unknown, link: unknown) => filled(text) && filled(link);

/** Tab inserts a two-character indent: two ideographic spaces (docs/decisions.md #91). */
export const INDENT = '\u3000\u3000';
