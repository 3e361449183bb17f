/**
 * Chinese messages for zod 4 issues (docs/architecture.md §Server: a 400 names each field at fault in
 * Chinese). A schema's own message that is already Chinese is kept; zod's English default text is
 * replaced by a message chosen from the issue's code and its bound (`too_small`, `too_big`), the type
 * expected (`invalid_type`) or the keys (`unrecognized_keys`). Texts are in common/messages.ts.
 */
import type { z } from 'zod';
import { MSG, fillMsg } from './messages.js';

/** An issue of a ZodError (zod 4 `$ZodIssue`: code, path, message and the code's own fields). */
export type ZodIssue = z.core.$ZodIssue;

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** True when a message has Chinese in it (a schema's own text, kept as it is). */
export const isChinese = (message: string): boolean => HAS_CHINESE.test(message);

/** The Chinese name of a type zod expected (`invalid_type.expected`), or null for one with no plain name. */
function typeName(expected: string): string | null {
  switch (expected) {
    case 'object':
    case 'record':
    case 'map':
      return MSG.fieldTypeObject;
    case 'array':
    case 'tuple':
    case 'set':
      return MSG.fieldTypeArray;
    case 'string':
      return MSG.fieldTypeText;
    case 'number':
    case 'bigint':
    case 'nan':
      return MSG.fieldTypeNumber;
    case 'int':
      return MSG.fieldTypeInteger;
    case 'boolean':
      return MSG.fieldTypeBoolean;
    case 'date':
      return MSG.fieldTypeDate;
    default:
      return null;
  }
}

/** A `too_small` / `too_big` bound as the message for its origin (characters, a number, items). */
function boundMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const n = String(small ? issue.minimum : issue.maximum);
  const fill = (t: string) => fillMsg(t, { n });
  switch (issue.origin) {
    case 'string':
      return fill(issue.exact ? MSG.fieldExactChars : small ? MSG.fieldMinChars : MSG.fieldMaxChars);
    case 'array':
    case 'set':
      return fill(issue.exact ? MSG.fieldExactItems : small ? MSG.fieldMinItems : MSG.fieldMaxItems);
    case 'number':
    case 'int':
    case 'bigint':
      // `inclusive: false` is a strict bound (z.number().positive() is > 0)
      if (issue.inclusive === false) return fill(small ? MSG.fieldAboveNumber : MSG.fieldBelowNumber);
      return fill(small ? MSG.fieldMinNumber : MSG.fieldMaxNumber);
    default:
      return MSG.fieldInvalid;
  }
}

/** The value at `path` inside `input` (own properties only), or undefined where the path leads nowhere. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object' || typeof k === 'symbol' || !Object.prototype.hasOwnProperty.call(v, k)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/**
 * The Chinese message of one zod issue for a 400's `fields`: the issue's own message when it is
 * Chinese, else by code: invalid_type → 必填 when the value is missing, else 应为<类型>; too_small /
 * too_big → 至少 N 个字符, 不能大于 N, 最多 N 项…; invalid_format → 格式不正确; invalid_value →
 * 取值不在允许范围内; unrecognized_keys → 含有不认识的字段 a、b; anything else → 取值不正确.
 * `missing` says the value was absent (undefined); without it the issue's zod text ("received
 * undefined", zod's English locale) decides, since a finished issue does not carry its input.
 */
export function issueMessage(issue: ZodIssue, missing?: boolean): string {
  if (isChinese(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing ?? /received undefined$/.test(issue.message)) return MSG.fieldRequired;
      const name = typeName(issue.expected);
      return name ? fillMsg(MSG.fieldExpected, { type: name }) : MSG.fieldInvalid;
    }
    case 'too_small':
    case 'too_big':
      return boundMessage(issue);
    case 'invalid_format':
      return MSG.fieldFormat;
    case 'invalid_value':
      return MSG.fieldValueNotAllowed;
    case 'unrecognized_keys':
      return fillMsg(MSG.fieldUnknownKeys, { names: issue.keys.join('、') });
    default:
      return MSG.fieldInvalid;
  }
}

/**
 * Each field a schema refuses `input` with, as a path (array indexes as numbers) and the Chinese
 * message the server's 400 gives that field (server/http/errors.ts fromZod): the browser's forms check
 * with the server's own rule and text before sending. The first issue of a path wins; empty when valid.
 */
export function zodFieldErrors(schema: z.ZodType, input: unknown): Array<{ path: Array<string | number>; message: string }> {
  const r = schema.safeParse(input);
  if (r.success) return [];
  const seen = new Set<string>();
  const out: Array<{ path: Array<string | number>; message: string }> = [];
  for (const issue of r.error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: issueMessage(issue, valueAt(input, issue.path) === undefined) });
  }
  return out;
}
