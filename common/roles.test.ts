/** Roles and rights shared by server and console (common/roles.ts; docs/decisions.md #135-#136). */
import { describe, expect, it } from 'vitest';
import { maskPhone, roleConfigSchema } from './roles';

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a mainland number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+86 13812345678')).toBe('138****5678');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('12345')).toBe('*****');
  });
});

describe('roleConfigSchema', () => {
  it('accepts roles with distinct ids and known rights, defaulting rights to none', () => {
    expect(roleConfigSchema.parse([{ id: 'member', name: '会员' }])).toEqual([{ id: 'member', name: '会员', rights: [] }]);
  });
  it('refuses an empty list, duplicate ids, unknown rights and odd ids, in Chinese', () => {
    const msg = (v: unknown) => roleConfigSchema.safeParse(v).error?.issues[0].message;
    expect(msg([])).toBe('至少需要一个角色');
    expect(
      msg([
        { id: 'a', name: 'A' },
        { id: 'a', name: 'B' },
      ]),
    ).toBe('角色标识不能重复');
    expect(msg([{ id: 'a', name: 'A', rights: ['root'] }])).toBe('未知的用户权限');
    expect(msg([{ id: '会员', name: 'A' }])).toBe('角色标识只能包含字母、数字、_ 和 -，最多 32 个字符');
  });
});
