/** The header, footer and theme schemas (spec 1 §3 'Application config') and reading stored configs. */
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { footerConfigSchema, headerConfigSchema, readStored, themeConfigSchema, unwrapConfig } from './siteConfig.js';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('site config schemas', () => {
  it('fills the defaults of an empty config', () => {
    expect(headerConfigSchema.parse({})).toEqual({
      menu: [],
      headerSubMenu: true,
      style: { transparentMenu: false, transparentMenuFontColor: '' },
      theme: 'light',
      specificThemeUrl: '',
      hideHome: false,
    });
    expect(themeConfigSchema.parse({})).toEqual({ primaryColor: '#06f' });
    expect(footerConfigSchema.parse({}).friendLinks).toEqual([]);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    [' javascript:x'],
    ['data:text/html,x'],
    ['//evil.example.com'],
    ['vbscript:x'],
    ['news'],
    ['http://a b'],
  ])('refuses the address %s', (url) => {
    const r = headerConfigSchema.safeParse({ menu: [{ title: '菜单', url }] });
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(MSG.siteLinkInvalid);
  });

  it.each([['/news'], ['/'], ['https://www.nstl.gov.cn/'], ['http://example.cn/a?b=1#c']])('accepts the address %s', (url) => {
    expect(headerConfigSchema.safeParse({ menu: [{ title: '菜单', url }] }).success).toBe(true);
  });

  it('colours are #rgb or #rrggbb, stored in lower case', () => {
    expect(themeConfigSchema.parse({ primaryColor: '#ABC' }).primaryColor).toBe('#abc');
    for (const bad of ['#abcd', 'red', '#ggg', 'rgb(0,0,0)', '#0066ff80']) {
      const r = themeConfigSchema.safeParse({ primaryColor: bad });
      expect(firstMessage(r), bad).toBe(MSG.colorInvalid);
    }
  });

  it('sub menus go one level deep; a parent with a sub menu may have no address', () => {
    expect(headerConfigSchema.safeParse({ menu: [{ title: '关于', children: [{ title: '简介', url: '/about' }] }] }).success).toBe(true);
    expect(headerConfigSchema.safeParse({ menu: [{ title: '关于', children: [{ title: '简介', url: '/a', children: [] }] }] }).success).toBe(false);
    expect(firstMessage(headerConfigSchema.safeParse({ menu: [{ title: '关于' }] }))).toBe(MSG.menuUrlRequired);
  });

  it('plain text refuses markup', () => {
    expect(firstMessage(footerConfigSchema.safeParse({ copyright: '<img src=x onerror=alert(1)>' }))).toBe(MSG.noMarkup);
    expect(footerConfigSchema.parse({ copyright: '© 2026 甲 & 乙 1 < 2 版权所有' }).copyright).toBe('© 2026 甲 & 乙 1 < 2 版权所有');
  });

  it('takes the wrapped or the bare body', () => {
    expect(unwrapConfig({ themeConfig: { primaryColor: '#fff' } }, 'themeConfig')).toEqual({ primaryColor: '#fff' });
    expect(unwrapConfig({ primaryColor: '#fff' }, 'themeConfig')).toEqual({ primaryColor: '#fff' });
  });

  it('reads a stored config field by field, dropping what fails', () => {
    const h = readStored(headerConfigSchema, { menu: [{ title: 'x', url: 'javascript:1' }], hideHome: true, extra: 1 });
    expect(h.menu).toEqual([]);
    expect(h.hideHome).toBe(true);
    expect(readStored(themeConfigSchema, 'garbage')).toEqual({ primaryColor: '#06f' });
  });
});
