/**
 * Text of a value read from JSON (a stored field, a form value): strings as they are, numbers, booleans
 * and bigints in their usual form, '' for null, undefined, objects and arrays (never '[object Object]').
 */
export function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return '';
}

/** `s` safe inside HTML text and quoted attribute values: & < > " ' as numeric character references. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
