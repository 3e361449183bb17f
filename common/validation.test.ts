/** Sign-in field rules of spec 1 §5 / spec 2 §5, with their Chinese messages. */
import { describe, expect, it } from 'vitest';
import { emailSchema, phoneSchema, smsCodeSchema } from './validation.js';
import { MSG } from './messages.js';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('phone', () => {
  it.each([
    ['13800138000', null],
    ['19912345678', null],
    [' 15012345678 ', null],
    ['', MSG.phoneRequired],
    ['12800138000', MSG.phoneInvalid],
    ['1380013800', MSG.phoneInvalid],
    ['138001380001', MSG.phoneInvalid],
    ['+8613800138000', MSG.phoneInvalid],
    ['1380013800a', MSG.phoneInvalid],
  ])('%s', (input, expected) => expect(msg(phoneSchema.safeParse(input))).toBe(expected));
  it('refuses a missing value with the required message', () => expect(msg(phoneSchema.safeParse(undefined))).toBe(MSG.phoneRequired));
});

describe('SMS code', () => {
  it.each([
    ['123456', null],
    ['000000', null],
    ['', MSG.smsCodeRequired],
    ['12345', MSG.codeInvalid],
    ['1234567', MSG.codeInvalid],
    ['12345a', MSG.codeInvalid],
  ])('%s', (input, expected) => expect(msg(smsCodeSchema.safeParse(input))).toBe(expected));
});

describe('email', () => {
  it.each([
    ['a@b.cn', null],
    ['', MSG.emailRequired],
    ['a@b', MSG.emailInvalid],
    ['a b@c.cn', MSG.emailInvalid],
  ])('%s', (input, expected) => expect(msg(emailSchema.safeParse(input))).toBe(expected));
});
