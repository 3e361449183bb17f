/**
 * The visitor frame renders the site's header and footer config (spec 1 §3 'Application config')
 * without a DOM: menu entries and 首页 (or not, with hideHome), the footer's copyright, ICP link, record
 * link, friend links and QR entries; unsafe addresses stored by hand are never put in an href.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../boot';
import { SiteFrame, headerMenuItems, recordLink, safeLink } from './SiteFrame';

const base: AppConfig = {
  applicationId: 1,
  name: '示例门户',
  host: 'x.cn',
  logo: '/files/logos/abc.png',
  status: 'released',
  homePage: '/',
  topicId: null,
  topic: null,
  headerConfig: {
    menu: [
      { title: '资源', url: '/console/explore?scope=1' },
      { title: '关于', url: '', children: [{ title: '简介', url: '/about' }] },
    ],
    hideHome: false,
    headerSubMenu: true,
    theme: 'light',
    style: { transparentMenu: false, transparentMenuFontColor: '' },
    specificThemeUrl: '',
  },
  footerConfig: {
    copyright: '© 2026 示例 版权所有',
    icpNumber: '京ICP备1号',
    recordNumber: '京公网安备 11010802000001号',
    friendLinks: [
      { title: '友站', url: 'https://a.cn/' },
      { title: '坏', url: 'javascript:alert(1)' },
    ],
    miniProgram: { image: '/qr.png', url: '' },
  },
  themeConfig: { primaryColor: '#c0392b' },
  homeConfig: [],
  roleConfig: [{ id: 'user', name: '普通用户', rights: [] }],
  defaultUserRole: 'user',
  restrictDownloadDefault: 0,
  detailSignin: 0,
  auditNewUsers: 0,
  oauthUri: null,
  mailAllowSuffix: null,
};

const render = (config: AppConfig) =>
  renderToString(createElement(MemoryRouter, null, createElement(SiteFrame, { config, user: null, children: createElement('p', null, '正文') })));

describe('SiteFrame', () => {
  it('renders the header, the footer and the primary colour', () => {
    const html = render(base);
    for (const s of ['示例门户', '首页', '资源', '关于', '正文', '© 2026 示例 版权所有', '友站', '微信小程序', 'src="/qr.png"', 'src="/files/logos/abc.png"'])
      expect(html).toContain(s);
    expect(html).toContain('href="https://beian.miit.gov.cn/"');
    expect(html).toContain('code=11010802000001');
    expect(html).toContain('--atr-primary:#c0392b');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('>坏<');
  });

  it('hides 首页 with hideHome and marks a transparent header', () => {
    const html = render({
      ...base,
      headerConfig: { ...base.headerConfig, hideHome: true, style: { transparentMenu: true, transparentMenuFontColor: '#ffe58f' } },
    });
    expect(html).not.toContain('>首页<');
    expect(html).toContain('atr-header--transparent');
    expect(html).toContain('--atr-header-font:#ffe58f');
  });

  it('builds menu items: sub menus with their entries, entries without title or address dropped, unsafe addresses dropped', () => {
    const items = headerMenuItems(
      [
        { title: '甲', url: '/a' },
        { title: '乙', url: '', children: [{ title: '乙一', url: '/b1' }] },
        { title: '', url: '/x' },
        { title: '坏', url: 'javascript:1' },
      ],
      { hideHome: true, subMenus: true },
    );
    expect(items.map((i) => i.key)).toEqual(['/a', 'sub-1']);
    expect(items[1].children.map((c) => [c.title, c.url])).toEqual([['乙一', '/b1']]);
    expect(
      headerMenuItems([{ title: '乙', url: '', children: [{ title: '乙一', url: '/b1' }] }], { hideHome: false, subMenus: false }).map((i) => i.key),
    ).toEqual(['/']);
  });

  it('safe links and the record link', () => {
    expect(safeLink(' /a ')).toBe('/a');
    expect(safeLink('javascript:alert(1)')).toBe('');
    expect(safeLink('//evil.cn')).toBe('');
    expect(recordLink('沪公网安备31010402000001号')).toContain('31010402000001');
    expect(recordLink('备案中')).toBeNull();
  });
});
