/**
 * Flex (layout) rules of spec 1 §4 'Flex save', §5 'Flex' and spec 2 §8, §9, table-driven; and the
 * flex panel rendering its slots with the modules placed in them, each by its own type's Panel through
 * the renderer the host provides (modules/kit/host.ts; the app's is app/site/ModuleRenderer.tsx, which
 * a module test may not import: here a renderer of the registered Panel with no data).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../registry';
import { panelElement } from '../registry.app';
import type { PanelProps, SiteContext } from '../types.app';
import { ModuleRendererContext, type RenderModule } from '../kit/host';
import FlexPanel, { rowSlotWidth } from './Panel';
import {
  canDeleteSlot,
  deleteSlot,
  fitSlots,
  flexDefinition,
  nestedSpan,
  newSlot,
  remainingWidth,
  slotWidths,
  withNestedSpans,
  type FlexModule,
  type FlexSlot,
} from './definition';
import { flexSchema } from './schema';

const slot = (divWidth?: number | null, extra: Partial<FlexSlot> = {}): FlexSlot => ({ ...newSlot(), divWidth, ...extra });
const flex = (extra: Partial<FlexModule> = {}): FlexModule => ({ ...flexDefinition.defaults({ groupTemplate: false }), id: 'f1', ...extra }) as FlexModule;

describe('flex defaults (spec 1 §3, spec 2 §9)', () => {
  it('are 布局组件, span 5, height auto, on top, transparent, row, one slot, gap 12', () => {
    const d = flexDefinition.defaults({ groupTemplate: false }) as FlexModule;
    expect(d).toMatchObject({
      alias: '布局组件',
      span: 5,
      height: 'auto',
      isTop: true,
      bgColor: 'transparent',
      componentDirection: 'row',
      componentNumber: 1,
      componentGap: 12,
    });
    expect(d.components).toHaveLength(1);
    expect(d.components[0]).toMatchObject({ type: 'div', modules: [] });
    expect((flexDefinition.defaults({ groupTemplate: false }) as FlexModule).components[0].id).not.toBe(d.components[0].id);
    expect(flexDefinition.height(flex(), { groupTemplate: true })).toBe('auto');
  });
});

describe('slot widths (spec 1 §4)', () => {
  it.each([
    [
      [null, null, null],
      [100 / 3, 100 / 3, 100 / 3],
    ],
    [
      [50, null, null],
      [50, 25, 25],
    ],
    [
      [30, 30, null],
      [30, 30, 40],
    ],
    [
      [60, 50, null],
      [60, 50, 0],
    ],
    [
      [100, null],
      [100, 0],
    ],
    [
      [25, 25, 50],
      [25, 25, 50],
    ],
    [[undefined], [100]],
  ])('widths %j give %j', (set, expected) => {
    const got = slotWidths(set.map((w) => slot(w)));
    got.forEach((w, i) => expect(w).toBeCloseTo(expected[i], 6));
  });

  it('remaining width is 100 minus the set widths', () => {
    expect(remainingWidth([slot(40), slot(null), slot(35)])).toBe(25);
    expect(remainingWidth([slot(60), slot(50)])).toBe(-10);
  });

  it('a row slot keeps its share of the gaps so that the row fills exactly', () => {
    expect(rowSlotWidth(50, 2, 12)).toBe('calc(50% - 6px)');
    expect(rowSlotWidth(25, 3, 12)).toBe('calc(25% - 6px)');
    expect(rowSlotWidth(100, 1, 12)).toBe('calc(100% - 0px)');
  });
});

describe('the span of a module placed in a slot (its own span is ignored)', () => {
  it.each([
    [5, 100, 'row', 5],
    [5, 50, 'row', 2],
    [5, 40, 'row', 1],
    [5, 33.34, 'row', 1],
    [5, 25, 'row', 0],
    [5, 10, 'row', 0],
    [5, 75, 'row', 4],
    [3, 50, 'row', 1],
    [2, 40, 'row', 0],
    [2, 30, 'column', 2],
    [5, 0, 'row', 0],
  ] as const)('flex span %i, slot width %d percent, %s: span %i', (flexSpan, pct, dir, span) => {
    expect(nestedSpan(flexSpan, pct, dir)).toBe(span);
  });

  it('withNestedSpans sets each nested module to its slot width', () => {
    const f = withNestedSpans(
      flex({
        componentNumber: 2,
        components: [
          { id: 'a', type: 'div', divWidth: 25, modules: [{ id: 'n1', type: 'notice', alias: '通知', span: 5 }] },
          { id: 'b', type: 'div', modules: [{ id: 'n2', type: 'scholar', alias: '学者', span: 0 }] },
        ] as unknown as FlexSlot[],
      }),
    );
    expect(f.components.map((c) => c.modules[0].span)).toEqual([0, 4]);
  });
});

describe('fitting the slot list on save (spec 1 §4, §5; spec 2 §8)', () => {
  it.each([
    ['cuts extra slots beyond componentNumber', [null, null, null, null], 2, 'row', 2],
    ['adds missing empty slots', [null], 3, 'row', 3],
    ['adds in a row while some width remains', [40, 30], 3, 'row', 3],
    ['adds in a column even when the widths are all used', [50, 50], 3, 'column', 3],
    ['keeps the list when the number matches', [50, 50], 2, 'row', 2],
  ] as const)('%s', (_name, widths, n, dir, len) => {
    const slots = widths.map((w) => slot(w));
    const r = fitSlots(slots, n, dir);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.slots).toHaveLength(len);
    expect(r.slots.slice(0, Math.min(len, slots.length))).toEqual(slots.slice(0, len));
    for (const s of r.slots.slice(slots.length)) expect(s).toMatchObject({ type: 'div', modules: [] });
  });

  it.each([[[50, 50]], [[100]], [[60, 50]], [[34, 33, 33]]])('refuses to add a slot to a row with widths %j: the no-space alert', (widths) => {
    const r = fitSlots(
      widths.map((w) => slot(w)),
      widths.length + 1,
      'row',
    );
    expect(r).toEqual({ ok: false, error: '当前组件没有剩余空间，请重新规划后再次新增区域。' });
  });

  it('cutting keeps the modules of the kept slots and drops those of the cut ones', () => {
    const kept = slot(null, { modules: [{ id: 'n1', type: 'notice', alias: '通知', span: 1 }] });
    const cut = slot(null, { modules: [{ id: 'n2', type: 'notice', alias: '通知二', span: 1 }] });
    const r = fitSlots([kept, cut], 1, 'row');
    expect(r.ok && r.slots).toEqual([kept]);
  });
});

describe('deleting a slot (spec 1 §5)', () => {
  it('works while more than one remains and is refused for the last one', () => {
    const a = slot();
    const b = slot();
    expect(canDeleteSlot([a, b])).toBe(true);
    expect(deleteSlot([a, b], a.id)).toEqual([b]);
    expect(canDeleteSlot([b])).toBe(false);
    expect(deleteSlot([b], b.id)).toEqual([b]);
  });
});

describe('flex schema (spec 1 §5)', () => {
  it.each([
    [{ componentNumber: 0 }, '区域数量须为不小于 1 的整数'],
    [{ componentNumber: 1.5 }, '区域数量须为不小于 1 的整数'],
    [{ componentGap: -1 }, '区域间距须为不小于 0 的整数'],
    [{ components: [{ ...newSlot(), divWidth: 0 }] }, '宽度百分比须为 1 到 100 的整数'],
    [{ components: [{ ...newSlot(), divWidth: 101 }] }, '宽度百分比须为 1 到 100 的整数'],
    [
      {
        components: [
          { ...newSlot(), divWidth: 60 },
          { ...newSlot(), divWidth: 50 },
        ],
        componentNumber: 2,
      },
      '各区域宽度之和不能超过 100%',
    ],
    [{ alias: '' }, '请输入模块标题'],
  ])('refuses %j with %s', (extra, msg) => {
    const r = flexSchema.safeParse(flex(extra));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(msg);
  });

  it('takes widths over 100 in a column layout and fills missing slot lists', () => {
    const r = flexSchema.safeParse(
      flex({
        componentDirection: 'column',
        componentNumber: 2,
        components: [
          { id: 'a', type: 'div', divWidth: 80 },
          { id: 'b', type: 'div', divWidth: 80 },
        ] as unknown as FlexSlot[],
      }),
    );
    expect(r.success).toBe(true);
    expect(r.data!.components[0].modules).toEqual([]);
  });
});

describe('flex panel', () => {
  const site: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };
  const carousel = {
    ...definitionOf('carousel')!.defaults({ groupTemplate: false }),
    id: 'c1',
    alias: '区域里的轮播',
    items: [{ id: 1, dataType: 'picture', url: '/demo/banner-1.svg', title: '横幅一' }],
  };
  const link = {
    ...definitionOf('link')!.defaults({ groupTemplate: false }),
    id: 'l1',
    alias: '区域里的专题',
    specificData: [1],
    specificDataObject: [{ id: 1, title: '另一个门户', url: 'https://b.example.cn' }],
  };
  /** The host's renderer as a test gives it: the type's registered Panel, no data (these types need none). */
  const registered: RenderModule = ({ module, site: s, editable }) => panelElement(module, { data: {}, loading: false, error: null, editable, site: s });
  const render = (module: FlexModule, extra: Partial<PanelProps<FlexModule>> = {}, renderer: RenderModule | null = registered) =>
    renderToString(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(
          ModuleRendererContext.Provider,
          { value: renderer },
          createElement(FlexPanel, { module, data: {}, loading: false, error: null, editable: false, site, ...extra } as PanelProps<FlexModule>),
        ),
      ),
    );

  it('renders each slot with the modules placed there, each by its own panel, at the slot widths of a row', () => {
    const html = render(
      flex({
        componentNumber: 2,
        componentGap: 20,
        padding: 8,
        isShowTitle: true,
        alias: '两栏布局',
        components: [
          { id: 'a', type: 'div', divWidth: 60, modules: [carousel] },
          { id: 'b', type: 'div', modules: [link] },
        ] as unknown as FlexSlot[],
      }),
    );
    expect(html).toContain('两栏布局');
    expect(html).toContain('横幅一');
    expect(html).toContain('另一个门户');
    expect(html).toContain('data-module-type="carousel"');
    expect(html).toContain('data-module-type="link"');
    expect(html).toContain('width:calc(60% - 12px)');
    expect(html).toContain('width:calc(40% - 8px)');
    expect(html).toContain('gap:20px');
    expect(html).toContain('padding:8px');
    expect(html).not.toContain('添加模块');
  });

  it('renders a nested module through the renderer the host provides, with the module, the site and the mode', () => {
    const seen: Array<{ id: string; span: number; editable: boolean; site: SiteContext }> = [];
    const marker: RenderModule = ({ module, site: s, editable }) => {
      seen.push({ id: module.id, span: module.span, editable, site: s });
      return createElement('i', { 'data-host-rendered': module.id });
    };
    const html = render(flex({ components: [{ id: 'a', type: 'div', modules: [carousel] }] as unknown as FlexSlot[] }), {}, marker);
    expect(html).toContain('data-host-rendered="c1"');
    expect(html).not.toContain('横幅一');
    expect(seen).toEqual([{ id: 'c1', span: 5, editable: false, site }]);
  });

  it('without a host renderer a nested module fails with a clear error; an empty flex still renders', () => {
    expect(() => render(flex({ components: [{ id: 'a', type: 'div', modules: [carousel] }] as unknown as FlexSlot[] }), {}, null)).toThrow(
      /ModuleRendererContext/,
    );
    expect(render(flex(), {}, null)).toContain('暂无数据');
  });

  it('hides the title unless isShowTitle, and lays a column out without widths', () => {
    const html = render(
      flex({
        alias: '纵向布局',
        componentDirection: 'column',
        components: [{ id: 'a', type: 'div', divWidth: 30, modules: [carousel] }] as unknown as FlexSlot[],
      }),
    );
    expect(html).not.toContain('纵向布局</h3>');
    expect(html).not.toContain('width:calc(');
    expect(html).toContain('atr-flex--column');
  });

  it('shows 暂无数据 to a visitor when no slot holds a module', () => {
    expect(render(flex())).toContain('暂无数据');
  });

  it('in edit mode offers 添加模块 per slot and 编辑/删除 per nested module', () => {
    const html = render(
      flex({
        componentNumber: 2,
        components: [
          { id: 'a', type: 'div', alias: '左栏', modules: [carousel] },
          { id: 'b', type: 'div', modules: [] },
        ] as unknown as FlexSlot[],
      }),
      { editable: true, editor: { onAddToSlot: () => undefined, onEditNested: () => undefined, onDeleteNested: () => undefined } },
    );
    expect(html.match(/添加模块/g)).toHaveLength(2);
    expect(html).toContain('左栏');
    expect(html).toContain('区域 2');
    expect(html).toContain('空区域');
    expect(html).toContain('编辑');
    expect(html).toContain('删除');
  });
});
