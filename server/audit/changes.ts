/**
 * What an audit entry stores of a write (docs/decisions.md 312-313): the fields that changed between
 * two stored rows, or the request's own fields when there is no row to compare, with secrets hidden
 * (codes, passwords, tokens, client secrets: never stored), phone numbers masked and long values cut.
 */
import type { AuditChanges } from '../../common/audit.js';
import { maskPhone } from '../../common/roles.js';

/** Field names whose values are never stored (matched anywhere in the name, any case). */
export const SECRET_FIELD = /pass(word|wd)?$|secret|token|code|digits|captcha|signature|cookie|ticket|login_?info|nonce|(^|_)key$/i;

/** Field names holding a phone number, stored masked (138****5678) like the person of an entry. */
export const PHONE_FIELD = /(^|_)(phone|mobile)(_?number)?$/i;

/** What replaces a secret value. */
export const HIDDEN = '[已隐藏]';

/** The longest value kept, in characters; a longer one is cut with a note of its length. */
export const MAX_VALUE_CHARS = 2000;

/** The most fields one entry keeps. */
export const MAX_FIELDS = 200;

/** A value as stored: secrets hidden, phone numbers masked, objects as JSON text, long text cut. */
export function storedValue(field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  const name = field.split('.').at(-1) ?? field;
  if (SECRET_FIELD.test(name)) return HIDDEN;
  if (PHONE_FIELD.test(name) && typeof value === 'string') return maskPhone(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(hideSecrets(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…（共 ${text.length} 字）` : text;
}

/** A copy of a JSON value with the values of secret keys hidden and phone numbers masked, at any depth. */
export function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? HIDDEN : PHONE_FIELD.test(k) && typeof v === 'string' ? maskPhone(v) : hideSecrets(v)]),
    );
  }
  return value;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);

/**
 * The fields that differ between `before` and `after` (null: the row did not exist, as before a creation
 * or after a deletion; then every non-null field of the other side is listed).
 */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const fields: AuditChanges['fields'] = [];
  for (const k of keys) {
    const b = before?.[k];
    const a = after?.[k];
    if (before && after ? same(b, a) : (b ?? a ?? null) === null) continue;
    fields.push({
      field: k,
      ...(before ? { before: storedValue(k, b ?? null) } : {}),
      ...(after ? { after: storedValue(k, a ?? null) } : {}),
    });
    if (fields.length >= MAX_FIELDS) break;
  }
  return { mode: 'diff', fields };
}

/** The request body's fields as the 'after' (anything but a JSON object: no fields, e.g. an upload's bytes). */
export function bodyChanges(body: unknown): AuditChanges {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return { mode: 'body', fields: [] };
  const fields = Object.entries(body)
    .slice(0, MAX_FIELDS)
    .map(([k, v]) => ({ field: k, after: storedValue(k, v) }));
  return { mode: 'body', fields };
}
