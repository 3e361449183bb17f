/**
 * Contract of the module registry (docs/architecture.md §The module registry) and the layout rules of spec 2 §9, table-driven from the
 * spec's numbers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleDefinitions, definitionOf } from './registry';
import { MODULE_TYPES } from '../common/constants';
import { cardCountBySpan, moreLinkByPriority, splitCounts } from './rules';
import { displayTypesAfterChoice, displayTypesForSpan, newsDataCount } from './news/definition';
import { noticeCount } from './notice/definition';
import { linkCount, spanForDirection } from './link/definition';
import type { ModuleConfig } from '../common/homeConfig';
import { moduleSchemas, schemaOf } from './schemas';

const plain = { groupTemplate: false };
const group = { groupTemplate: true };
const withId = (type: string, extra: Record<string, unknown> = {}) => ({ ...definitionOf(type)!.defaults(plain), id: `m-${type}`, ...extra }) as ModuleConfig;

describe('every registered type', () => {
  it.each(MODULE_TYPES)('%s: defaults are fresh objects that pass its schema and keep the spec default span', (type) => {
    const def = moduleDefinitions[type];
    expect(def.type).toBe(type);
    const a = def.defaults(plain);
    expect(a).not.toBe(def.defaults(plain));
    const required: Record<string, Record<string, unknown>> = {
      link: { specificData: [1], specificDataObject: [{ id: 1, title: '站点', url: 'https://a.cn' }] },
      tool: { specificData: [1] },
      iframe: { url: 'https://example.cn/embed' },
      xmodule: { component: 'stats-default' },
    };
    const parsed = schemaOf(def.type)!.safeParse({ ...a, id: 'm1', ...required[type] });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const spans: Record<string, number> = {
      journal: 4,
      institution: 4,
      carousel: 5,
      news: 3,
      notice: 1,
      activity: 4,
      scholar: 4,
      link: 0,
      policy: 1,
      standard: 1,
      book: 1,
      sciencedata: 1,
      resource: 1,
      tool: 0,
      wechat_article: 0,
      job: 0,
      bulletin: 0,
      iframe: 5,
      xmodule: 5,
    };
    if (type in spans) expect(a.span).toBe(spans[type]);
    expect(def.migrate({ ...a, id: 'm1' })).toMatchObject({ type });
  });

  it('refuses a module without a title with the Chinese message', () => {
    const r = schemaOf('scholar')!.safeParse({ ...withId('scholar'), alias: '  ' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('请输入模块标题');
  });

  it('refuses a script in a title', () => {
    const r = schemaOf('notice')!.safeParse({ ...withId('notice'), alias: '<script>alert(1)</script>' });
    expect(r.error!.issues[0].message).toBe('不能包含 HTML 标签');
  });
});

describe('item counts (spec 2 §9)', () => {
  it.each([
    [5, 8],
    [4, 6],
    [3, 6],
    [2, 4],
    [1, 2],
    [0, 2],
  ])('scholar/institution/journal at span %i show %i', (span, n) => {
    expect(cardCountBySpan(span)).toBe(n);
    for (const t of ['scholar', 'institution', 'journal']) expect(definitionOf(t)!.reads(withId(t, { span }))[0].count).toBe(n);
  });

  it.each([
    [['article'], 1, { article: 8 }],
    [['article'], 3, { article: 16 }],
    [['article', 'report'], 2, { article: 4, report: 4 }],
    [['article', 'report'], 5, { article: 8, report: 8 }],
    [['article', 'patent', 'report'], 0, { article: 3, patent: 3, report: 2 }],
    [['article', 'patent', 'report'], 4, { article: 6, patent: 6, report: 4 }],
  ])('research outputs %j at span %i split %j', (types, span, counts) => {
    expect(splitCounts(types, span)).toEqual(counts);
    const reads = definitionOf('fruit')!.reads(withId('fruit', { span, dataType: types }));
    expect(Object.fromEntries(reads.map((r) => [r.key, r.count]))).toEqual(counts);
  });

  it.each([
    [0, ['data'], 8],
    [2, ['data'], 8],
    [2, ['carousel'], 0],
    [3, ['carousel', 'data'], 12],
    [5, ['data'], 16],
    [4, ['carousel'], 0],
  ] as const)('news at span %i with %j lists %i items', (span, dt, n) => {
    expect(newsDataCount(span, dt)).toBe(n);
  });

  it('news reads the carousel count and the data list', () => {
    const reads = definitionOf('news')!.reads(withId('news', { span: 3, carouselCount: 6 }));
    expect(reads.map((r) => [r.key, r.count])).toEqual([
      ['carousel', 6],
      ['data', 12],
    ]);
  });

  it.each([
    [0, 8],
    [2, 8],
    [3, 16],
    [5, 16],
  ])('notice at span %i shows %i', (span, n) => {
    expect(noticeCount(span)).toBe(n);
    expect(definitionOf('notice')!.reads(withId('notice', { span }))[0]).toMatchObject({ source: 'notice', count: n, moduleId: 'm-notice' });
  });

  it('links: 2 vertical, 4 horizontal, or dataSize, never more than the chosen topics', () => {
    expect(linkCount({ direction: 'vertical', dataSize: null, specificData: [1, 2, 3, 4, 5] })).toBe(2);
    expect(linkCount({ direction: 'horizontal', dataSize: null, specificData: [1, 2, 3, 4, 5] })).toBe(4);
    expect(linkCount({ direction: 'horizontal', dataSize: 3, specificData: [1, 2, 3, 4, 5] })).toBe(3);
    expect(linkCount({ direction: 'horizontal', dataSize: null, specificData: [1, 2] })).toBe(2);
  });
});

describe('heights (spec 2 §9)', () => {
  it.each([
    ['news', 331, 399],
    ['notice', 331, 399],
    ['institution', 331, 399],
    ['journal', 331, 399],
    ['scholar', 331, 419],
    ['fruit', 331, 399],
  ])('%s: %i, %i in a group template', (type, h, hg) => {
    const def = definitionOf(type)!;
    expect(def.height(withId(type), plain)).toBe(h);
    expect(def.height(withId(type), group)).toBe(hg);
  });

  it('carousel: 160 by default, the custom height, 0 in fullScreen with default height', () => {
    const def = definitionOf('carousel')!;
    expect(def.height(withId('carousel'), plain)).toBe(160);
    expect(def.height(withId('carousel', { column: 1, height: 420 }), plain)).toBe(420);
    expect(def.height(withId('carousel', { mode: 'fullScreen' }), plain)).toBe(0);
    const r = schemaOf(def.type)!.safeParse(withId('carousel', { column: 1, height: 99 }));
    expect(r.error!.issues[0].message).toBe('高度须为不小于 100 的整数');
  });
});

describe('form rules (spec 1 §4, §5)', () => {
  it('news: narrow spans keep one display type, switching to them reduces to carousel, wide spans reset to both', () => {
    expect(displayTypesForSpan(1, ['carousel', 'data'])).toEqual(['carousel']);
    expect(displayTypesForSpan(1, ['data'])).toEqual(['data']);
    expect(displayTypesForSpan(5, ['data'])).toEqual(['carousel', 'data']);
    expect(displayTypesAfterChoice(1, ['carousel'], ['carousel', 'data'])).toEqual(['data']);
    expect(displayTypesAfterChoice(4, ['carousel'], ['carousel', 'data'])).toEqual(['carousel', 'data']);
    const none = schemaOf('news')!.safeParse(withId('news', { displayType: [] }));
    expect(none.error!.issues[0].message).toBe('请选择模块数据展示方式');
    const both = schemaOf('news')!.safeParse(withId('news', { span: 1, displayType: ['carousel', 'data'] }));
    expect(both.success).toBe(false);
    const count = schemaOf('news')!.safeParse(withId('news', { carouselCount: 11 }));
    expect(count.error!.issues[0].message).toBe('轮播数量须为 1 到 10 的整数');
  });

  it('link: a topic is required, dataSize at most the chosen topics, direction forces the span', () => {
    const def = definitionOf('link')!;
    expect(schemaOf(def.type)!.safeParse(withId('link')).error!.issues[0].message).toBe('请选择专题');
    const r = schemaOf(def.type)!.safeParse(
      withId('link', { specificData: [1], specificDataObject: [{ id: 1, title: 'a', url: 'https://a.cn' }], dataSize: 2 }),
    );
    expect(r.error!.issues[0].path).toEqual(['dataSize']);
    expect(spanForDirection('horizontal')).toBe(5);
    expect(spanForDirection('vertical')).toBe(0);
  });

  it('fruit and activity need a data type', () => {
    expect(schemaOf('fruit')!.safeParse(withId('fruit', { dataType: [] })).error!.issues[0].message).toBe('请选择数据类型');
    expect(schemaOf('activity')!.safeParse(withId('activity', { dataType: [] })).error!.issues[0].message).toBe('请选择数据类型');
  });
});

describe('more link priority (spec 1 §2)', () => {
  const generic = '/top-resources?id=m1';
  const base = { ...withId('journal'), id: 'm1' };
  it.each([
    [{ specificLink: 'https://x.cn', showRecommendation: true, redirectToExplore: true }, true, 'https://x.cn'],
    [{ showRecommendation: true, redirectToExplore: true }, true, '/microapp/recommendation?type=journal'],
    [{ showRecommendation: true, redirectToExplore: true }, false, '/microapp/explore?type=journal'],
    [{}, false, generic],
    [{ hideMoreButton: true }, false, null],
  ])('%j signed in %s → %s', (extra, signedIn, expected) => {
    expect(moreLinkByPriority({ ...base, ...extra }, { signedIn }, 'journal', generic)).toBe(expected);
  });

  it('the generic link names the module, its title and every data type', () => {
    const link = definitionOf('fruit')!.moreLink(withId('fruit', { alias: '成果 A' }), { signedIn: false })!;
    const u = new URL(link, 'http://x');
    expect(u.pathname).toBe('/top-resources');
    expect(u.searchParams.get('title')).toBe('成果 A');
    expect(u.searchParams.getAll('dataType')).toEqual(['article', 'patent', 'report']);
  });
});

describe('the definitions load no zod (decision 250)', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  /** The modules a file imports at run time (`import type` and `export type` vanish at build). */
  const runtimeImports = (file: string) =>
    [...readFileSync(path.join(root, file), 'utf8').matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
  const zodFree = [
    'common/homeConfig.ts',
    'modules/registry.ts',
    'modules/types.ts',
    'modules/rules.ts',
    'modules/xmodule/component.ts',
    ...MODULE_TYPES.map((t) => `modules/${t}/definition.ts`),
  ];

  it.each(zodFree)('%s imports neither zod nor a schema file', (file) => {
    expect(runtimeImports(file).filter((s) => s === 'zod' || /schema|catalogue/i.test(s))).toEqual([]);
  });

  it('every registered type has a schema, and nothing else does', () => {
    expect(Object.keys(moduleSchemas).sort()).toEqual([...MODULE_TYPES].sort());
  });
});
