/**
 * Resource links panel rules (spec 2 §9 'Resource plain list 8 per column (columnSize*8 if set) else 8
 * or 16; rich list by span 0 gives 2, 1-2 give 4, 3-4 give 6, 5 gives 8 or dataSize; resource columns
 * per span 2 (0-2), 3 (3-4), 4 (5)', 'Auto-scroll resource 258.5') and its rendering.
 */
import { describe, expect, it } from 'vitest';
import { DATA_LIST_EVENT } from '../kit/dataList';
import { autoScrolls, resourceColumns, resourceCount, resourceDefinition as def, richCountBySpan, sortByLetter } from './definition';
import ResourcePanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';
import { schemaOf } from '../schemas';

const cfg = (span: number, dataDisplayType: 'plain' | 'image' | 'rich', extra: { dataSize?: number | null; columnSize?: number | null } = {}) => ({
  span,
  dataDisplayType,
  dataSize: null,
  columnSize: null,
  ...extra,
});

describe('resource rules', () => {
  it.each([
    [0, 'plain', {}, 8, 1],
    [2, 'plain', {}, 8, 1],
    [3, 'plain', {}, 16, 2],
    [5, 'plain', {}, 16, 2],
    [1, 'plain', { columnSize: 3 }, 24, 3],
    [5, 'plain', { columnSize: 1 }, 8, 1],
    [0, 'rich', {}, 2, 2],
    [1, 'rich', {}, 4, 2],
    [2, 'image', {}, 4, 2],
    [3, 'rich', {}, 6, 3],
    [4, 'image', {}, 6, 3],
    [5, 'rich', {}, 8, 4],
    [5, 'rich', { dataSize: 12 }, 12, 4],
    [1, 'plain', { dataSize: 5 }, 5, 1],
    [2, 'image', { columnSize: 4 }, 4, 4],
  ] as const)('span %i %s %j shows %i links in %i columns', (span, display, extra, n, cols) => {
    expect(resourceCount(cfg(span, display, extra))).toBe(n);
    expect(resourceColumns(cfg(span, display, extra))).toBe(cols);
    expect(def.reads(moduleOf('resource', { span, dataDisplayType: display, ...extra }) as never)).toEqual([
      { key: 'resource', source: 'link', count: n, moduleId: 'm-resource' },
    ]);
  });
  it.each([
    [0, 2],
    [1, 4],
    [2, 4],
    [3, 6],
    [4, 6],
    [5, 8],
  ])('rich by span %i: %i', (span, n) => expect(richCountBySpan(span)).toBe(n));

  it('defaults: plain, span 1, 331 high (399 in a group template), 258.5 when image or rich cards auto scroll', () => {
    const d = def.defaults({ groupTemplate: false });
    expect(d).toMatchObject({ dataDisplayType: 'plain', span: 1 });
    expect(def.height(moduleOf('resource') as never, { groupTemplate: false })).toBe(331);
    expect(def.height(moduleOf('resource') as never, { groupTemplate: true })).toBe(399);
    expect(def.height(moduleOf('resource', { dataDisplayType: 'rich', horizontalAutoScroll: true }) as never, { groupTemplate: false })).toBe(258.5);
    expect(autoScrolls({ dataDisplayType: 'plain', horizontalAutoScroll: true })).toBe(false);
    expect(def.height(moduleOf('resource', { horizontalAutoScroll: true }) as never, { groupTemplate: false })).toBe(331);
  });

  it('more link: the generic /top-resources, the specific link, or none', () => {
    const u = new URL(def.moreLink(moduleOf('resource', { alias: '常用数据库' }) as never, { signedIn: false })!, 'http://x');
    expect(u.pathname).toBe('/top-resources');
    expect(u.searchParams.get('title')).toBe('常用数据库');
    expect(u.searchParams.get('displayType')).toBe('plain');
    expect(def.moreLink(moduleOf('resource', { specificLink: '/links' }) as never, { signedIn: false })).toBe('/links');
    expect(def.moreLink(moduleOf('resource', { hideMoreButton: true }) as never, { signedIn: false })).toBeNull();
  });

  it('refuses a data size or column count out of range with a Chinese message', () => {
    expect(schemaOf(def.type)!.safeParse(moduleOf('resource', { dataSize: 51 })).error!.issues[0].message).toBe('显示数量须为 1 到 50 的整数');
    expect(schemaOf(def.type)!.safeParse(moduleOf('resource', { columnSize: 5 })).error!.issues[0].message).toBe('每行列数须为 1 到 4 的整数');
    expect(schemaOf(def.type)!.safeParse(moduleOf('resource', { dataDisplayType: 'video' })).success).toBe(false);
  });

  it('letter sort orders Chinese titles by pinyin and Latin ones by letter (Intl.Collator zh-CN)', () => {
    const titles = sortByLetter([{ title: '万方数据' }, { title: '中国知网' }, { title: 'Web of Science' }, { title: '百度学术' }, { title: 'arXiv' }]).map(
      (x) => x.title,
    );
    expect(titles.filter((t) => /[\u4e00-\u9fff]/.test(t))).toEqual(['百度学术', '万方数据', '中国知网']);
    expect(titles.filter((t) => /^[a-z]/i.test(t))).toEqual(['arXiv', 'Web of Science']);
  });
});

describe('resource panel', () => {
  const links = pageOf([
    { id: 1, linkId: 1, title: '中国知网', url: 'https://www.cnki.net', cover: '/c/cnki.png' },
    { id: 2, linkId: 2, title: '万方数据', url: 'https://www.wanfangdata.com.cn', cover: null },
    { id: 3, linkId: 3, title: '百度学术', url: 'https://xueshu.baidu.com', cover: null },
  ]);
  it('plain: titles open their address in a new tab', () => {
    const html = renderPanel(ResourcePanel, 'resource', { data: { resource: links } });
    expect(html).toMatch(/href="https:\/\/www\.cnki\.net"[^>]*target="_blank"[^>]*>中国知网/);
    expect(html).toContain('万方数据');
    expect(html).not.toContain('src="/c/cnki.png"');
  });
  it('letter sort and bold titles', () => {
    const html = renderPanel(ResourcePanel, 'resource', {
      module: moduleOf('resource', { letterSort: true, fontWeightBold: true }),
      data: { resource: links },
    });
    expect(html.indexOf('百度学术')).toBeLessThan(html.indexOf('万方数据'));
    expect(html.indexOf('万方数据')).toBeLessThan(html.indexOf('中国知网'));
    expect(html).toContain('atr-p-res--bold');
  });
  it('rich: covers 118.5 px with the title under them; image: covers only', () => {
    const rich = renderPanel(ResourcePanel, 'resource', { module: moduleOf('resource', { dataDisplayType: 'rich' }), data: { resource: links } });
    expect(rich).toContain('src="/c/cnki.png"');
    expect(rich).toContain('height:118.5px');
    expect(rich).toMatch(/atr-p-linkcard__title[^>]*>中国知网/);
    const image = renderPanel(ResourcePanel, 'resource', { module: moduleOf('resource', { dataDisplayType: 'image' }), data: { resource: links } });
    expect(image).not.toMatch(/atr-p-linkcard__title/);
    expect(image).toContain('title="万方数据"');
  });
  it('auto scroll pages the cards when there are more than one row', () => {
    const html = renderPanel(ResourcePanel, 'resource', {
      module: moduleOf('resource', { dataDisplayType: 'rich', span: 1, horizontalAutoScroll: true }),
      data: { resource: links },
    });
    expect(html).toContain('atr-car__dots');
    const still = renderPanel(ResourcePanel, 'resource', { module: moduleOf('resource', { dataDisplayType: 'rich', span: 1 }), data: { resource: links } });
    expect(still).not.toContain('atr-car__dots');
  });
  it('edit mode: 数据列表 in the title bar and 去发布？ in the empty state; visitors see neither', () => {
    const edit = renderPanel(ResourcePanel, 'resource', { editable: true });
    expect(edit).toContain('数据列表');
    expect(edit).toContain('去发布？');
    const visitor = renderPanel(ResourcePanel, 'resource');
    expect(visitor).not.toContain('数据列表');
    expect(DATA_LIST_EVENT).toBe('atrium:data-list');
  });
});
