/** Chinese field messages of a 400 from zod 4 issues (common/zodIssues.ts, fromZod). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '../../common/messages.js';
import { fromZod } from './errors.js';
import { issueMessage, valueAt } from '../../common/zodIssues.js';

/** The fields of the 400 that `schema` refuses `value` with, parsed as a body (`where` body). */
function fieldsOf(schema: z.ZodType, value: unknown, withInput = true): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a refusal');
  const e = withInput ? fromZod(r.error, 'body', value) : fromZod(r.error, 'body');
  expect(e.status).toBe(400);
  return e.fields ?? {};
}

describe('issueMessage', () => {
  it('says what a body that is not an object should be: [], "x", 5 and null', () => {
    const s = z.object({ url: z.string() });
    expect(fieldsOf(s, [])).toEqual({ body: '应为对象' });
    expect(fieldsOf(s, 'x')).toEqual({ body: '应为对象' });
    expect(fieldsOf(s, 5)).toEqual({ body: '应为对象' });
    expect(fieldsOf(s, null)).toEqual({ body: '应为对象' });
    expect(fieldsOf(s, undefined)).toEqual({ body: MSG.fieldRequired });
  });

  it('tells a missing field (必填) from one of the wrong type, with or without the input', () => {
    const s = z.object({ a: z.string(), n: z.number(), i: z.number().int(), b: z.boolean(), l: z.array(z.string()), d: z.date(), o: z.object({}) });
    const wrong = { a: 1, n: 'x', i: 1.5, b: 'yes', l: {}, d: 'x', o: [] };
    const expected = {
      'body.a': '应为文本',
      'body.n': '应为数字',
      'body.i': '应为整数',
      'body.b': '应为布尔值',
      'body.l': '应为数组',
      'body.d': '应为日期',
      'body.o': '应为对象',
    };
    expect(fieldsOf(s, wrong)).toEqual(expected);
    expect(fieldsOf(s, wrong, false)).toEqual(expected);
    const missing = Object.fromEntries(Object.keys(expected).map((k) => [k, '必填']));
    expect(fieldsOf(s, {})).toEqual(missing);
    expect(fieldsOf(s, {}, false)).toEqual(missing);
    // null is a value of the wrong type, not a missing one
    expect(fieldsOf(z.object({ a: z.string() }), { a: null })).toEqual({ 'body.a': '应为文本' });
  });

  it('gives the bound of a string, a number and a list', () => {
    const s = z.object({
      s: z.string().min(2).max(5),
      n: z.number().min(1).max(10),
      l: z.array(z.number()).min(1).max(3),
      p: z.number().positive(),
      q: z.number().lt(3),
    });
    expect(fieldsOf(s, { s: 'x', n: 0, l: [], p: 0, q: 3 })).toEqual({
      'body.s': '至少 2 个字符',
      'body.n': '不能小于 1',
      'body.l': '至少 1 项',
      'body.p': '应大于 0',
      'body.q': '应小于 3',
    });
    expect(fieldsOf(s, { s: 'xxxxxx', n: 11, l: [1, 2, 3, 4], p: 1, q: 1 })).toEqual({
      'body.s': '不能超过 5 个字符',
      'body.n': '不能大于 10',
      'body.l': '最多 3 项',
    });
    expect(fieldsOf(z.object({ c: z.string().length(6), t: z.array(z.number()).length(2) }), { c: 'abc', t: [1] })).toEqual({
      'body.c': '应为 6 个字符',
      'body.t': '应为 2 项',
    });
  });

  it('says 格式不正确, 取值不在允许范围内, names unknown keys, and 取值不正确 for the rest', () => {
    const s = z.strictObject({
      e: z.email(),
      r: z.string().regex(/^a/),
      k: z.enum(['x', 'y']),
      lit: z.literal('k'),
      u: z.union([z.string(), z.number()]),
      m: z.number().multipleOf(5),
    });
    expect(fieldsOf(s, { e: 'no', r: 'b', k: 'z', lit: 'q', u: true, m: 7, extra: 1, more: 2 })).toEqual({
      'body.e': '格式不正确',
      'body.r': '格式不正确',
      'body.k': '取值不在允许范围内',
      'body.lit': '取值不在允许范围内',
      'body.u': '取值不正确',
      'body.m': '取值不正确',
      body: '含有不认识的字段 extra、more',
    });
    expect(fieldsOf(z.object({ x: z.string().refine((v) => v === 'ok') }), { x: 'no' })).toEqual({ 'body.x': '取值不正确' });
  });

  it("keeps a schema's Chinese message, and the first one as the summary", () => {
    const s = z.object({ name: z.string({ error: '请输入名称' }).min(1, '请输入名称'), size: z.number().max(3) });
    const r = s.safeParse({ size: 9 });
    const e = fromZod(r.error!, 'body', { size: 9 });
    expect(e.message).toBe('请输入名称');
    expect(e.fields).toEqual({ 'body.name': '请输入名称', 'body.size': '不能大于 3' });
    const plain = fromZod(z.object({ a: z.string() }).safeParse({}).error!, 'query', {});
    expect(plain.message).toBe(MSG.badRequest);
    expect(plain.fields).toEqual({ 'query.a': '必填' });
  });

  it('reads a value at a path, own properties only', () => {
    expect(valueAt({ a: [{ b: 1 }] }, ['a', 0, 'b'])).toBe(1);
    expect(valueAt({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(valueAt({}, ['constructor'])).toBeUndefined();
    expect(issueMessage({ code: 'custom', path: [], message: 'Invalid input' })).toBe(MSG.fieldInvalid);
  });
});
