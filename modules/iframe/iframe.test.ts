/**
 * iframe (spec 1 §2, §4; spec 2 §9): heights (160, 228 in a group template, custom >= 100, 0 in fullScreen
 * with the default column; the page 114 shorter in a group template), only http(s) embed links, and the
 * sandboxed frame.
 */
import { describe, expect, it } from 'vitest';
import { iframeDefinition as def, iframeFrameHeight, isHttpUrl, type IframeModule } from './definition';
import IframePanel from './Panel';
import { moduleOf, renderPanel, visitorSite } from '../test/panels';
import { schemaOf } from '../schemas';

const plain = { groupTemplate: false };
const group = { groupTemplate: true };
const m = (extra: Record<string, unknown> = {}) => moduleOf<IframeModule>('iframe', { url: 'https://example.cn/embed', ...extra });

describe('iframe heights (spec 2 §9)', () => {
  it.each([
    [{}, 160, 228],
    [{ column: 1, height: 420 }, 420, 420],
    [{ mode: 'fullScreen' }, 0, 0],
    [{ mode: 'fullScreen', column: 1, height: 300 }, 300, 300],
    [{ column: 1 }, 160, 228],
  ])('%j: %i, %i in a group template', (extra, h, hg) => {
    expect(def.height(m(extra), plain)).toBe(h);
    expect(def.height(m(extra), group)).toBe(hg);
  });

  it('the embedded page is 114 shorter in a group template', () => {
    expect(iframeFrameHeight(228, group)).toBe(114);
    expect(iframeFrameHeight(160, plain)).toBe(160);
    expect(iframeFrameHeight(100, group)).toBe(0);
  });

  it('custom height is an integer of at least 100', () => {
    expect(schemaOf(def.type)!.safeParse(m({ column: 1, height: 99 })).error!.issues[0].message).toBe('高度须为不小于 100 的整数');
  });
});

describe('iframe embed link', () => {
  it.each(['https://example.cn/a?b=1', 'http://192.168.1.2:8080/x'])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
    expect(schemaOf(def.type)!.safeParse(m({ url })).success).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    '/站内路径',
    'ftp://a.cn',
    'https://',
    'https://a .cn',
    ' javascript:alert(1)',
  ])('refuses %s with the Chinese message', (url) => {
    const r = schemaOf(def.type)!.safeParse(m({ url }));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('嵌入页面地址只能是以 http:// 或 https:// 开头的网址');
  });
  it('an empty link says 请输入嵌入页面地址', () => {
    expect(schemaOf(def.type)!.safeParse(m({ url: '' })).error!.issues[0].message).toBe('请输入嵌入页面地址');
  });
});

describe('iframe panel', () => {
  it('renders a sandboxed, lazy, no-referrer frame without allow-same-origin', () => {
    const html = renderPanel(IframePanel, 'iframe', { module: m() });
    expect(html).toMatch(/<iframe[^>]*src="https:\/\/example\.cn\/embed"/);
    expect(html).toContain('sandbox="allow-scripts allow-popups allow-forms"');
    expect(html).toContain('referrerPolicy="no-referrer"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('allow-same-origin');
    expect(html).toContain('height:160px');
  });
  it('without a valid link: 暂无数据, and nothing embedded', () => {
    const html = renderPanel(IframePanel, 'iframe', { module: m({ url: 'javascript:alert(1)' }) });
    expect(html).toContain('暂无数据');
    expect(html).not.toContain('<iframe');
  });
  it('in a group template: title, description and a page 114 shorter', () => {
    const html = renderPanel(IframePanel, 'iframe', {
      module: m({ alias: '地图服务', description: '馆藏分布' }),
      site: { ...visitorSite, groupTemplate: true },
    });
    for (const s of ['地图服务', '馆藏分布', 'height:114px']) expect(html).toContain(s);
  });
});
