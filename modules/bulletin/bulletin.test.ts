/**
 * bulletin (spec 1 §2, §3; spec 2 §9): heights (108 per item row; rows 32 vertical, 24 horizontal, 37 by
 * span; + 32 + 46, or + 108 in a group template; empty 331 / 399), dataSize default 1 capped by the
 * items that exist, bulletin types, and the panel.
 */
import { describe, expect, it } from 'vitest';
import { bulletinDefinition as def, bulletinHeight, bulletinLayout, bulletinShown, type BulletinModule } from './definition';
import BulletinPanel from './Panel';
import { moduleOf, pageOf, renderPanel, visitorSite } from '../test/panels';
import { schemaOf } from '../schemas';

const plain = { groupTemplate: false };
const group = { groupTemplate: true };
const m = (extra: Record<string, unknown> = {}, g = false) => moduleOf<BulletinModule>('bulletin', extra, g);
const item = (n: number) => ({
  article: { title: `快报${n}`, uuid: String(n), cover: `/c${n}.png`, update_time: '2026-05-02' },
  group: `第${n}期`,
  bulletinType: '快报',
});

describe('bulletin heights (spec 2 §9)', () => {
  it.each([
    // direction, span, count, plain, group template
    ['vertical', 0, 1, 186, 248],
    ['vertical', 0, 2, 326, 388],
    ['vertical', 0, 3, 466, 528],
    ['horizontal', 5, 4, 186, 248],
    ['horizontal', 5, 5, 318, 380],
    [undefined, 0, 2, 331, 393],
    [undefined, 2, 2, 186, 248],
    [undefined, 2, 3, 331, 393],
    [undefined, 5, 8, 331, 393],
  ] as const)('%s at span %i with %i items: %i, %i in a group template', (direction, span, count, h, hg) => {
    const cfg = { direction, span } as Pick<BulletinModule, 'direction' | 'span'>;
    expect(bulletinHeight(cfg, count, plain)).toBe(h);
    expect(bulletinHeight(cfg, count, group)).toBe(hg);
  });

  it('empty is 331, 399 in a group template', () => {
    expect(bulletinHeight({ span: 0 }, 0, plain)).toBe(331);
    expect(bulletinHeight({ span: 0 }, 0, group)).toBe(399);
  });

  it('row gaps: 32 vertical, 24 horizontal, 37 by span', () => {
    expect(bulletinLayout({ direction: 'vertical', span: 3 })).toEqual({ columns: 1, gap: 32 });
    expect(bulletinLayout({ direction: 'horizontal', span: 5 })).toEqual({ columns: 4, gap: 24 });
    expect([0, 1, 2, 3, 4, 5].map((span) => bulletinLayout({ span }).columns)).toEqual([1, 1, 2, 2, 3, 4]);
    expect(bulletinLayout({ span: 0 }).gap).toBe(37);
  });
});

describe('bulletin items and form rules', () => {
  it('dataSize defaults to 1 and is capped by the items that exist', () => {
    expect(def.defaults(plain)).toMatchObject({ span: 0, dataSize: 1, bulletinType: ['快报', '研究报告', '快讯'] });
    expect(bulletinShown(1, 5)).toBe(1);
    expect(bulletinShown(4, 2)).toBe(2);
    expect(bulletinShown(null, 3)).toBe(1);
    expect(bulletinShown(3, 0)).toBe(0);
    expect(def.height(m(), plain)).toBe(186);
    expect(def.reads(m({ dataSize: 3, bulletinType: ['快讯'] }))).toEqual([{ key: 'bulletin', source: 'bulletin', count: 3, types: ['快讯'] }]);
  });

  it('needs a bulletin type of the three', () => {
    expect(schemaOf(def.type)!.safeParse(m({ bulletinType: [] })).error!.issues[0].message).toBe('请选择快报类型');
    expect(schemaOf(def.type)!.safeParse(m({ bulletinType: ['周报'] })).error!.issues[0].message).toBe('快报类型应为 快报、研究报告、快讯 之一');
  });

  it('group template defaults carry description and background', () => {
    expect(def.defaults(group)).toMatchObject({ description: '', backgroundColor: 'white' });
    expect(def.defaults(plain)).not.toHaveProperty('description');
  });
});

describe('bulletin panel', () => {
  it('empty, skeleton and 加载失败', () => {
    expect(renderPanel(BulletinPanel, 'bulletin', { module: m(), data: { bulletin: pageOf([]) } })).toContain('暂无数据');
    expect(renderPanel(BulletinPanel, 'bulletin', { module: m(), loading: true })).toContain('atr-skel');
    expect(renderPanel(BulletinPanel, 'bulletin', { module: m(), error: '请求超时，请稍后再试' })).toContain('加载失败');
  });

  it('shows dataSize items with title, group, day, cover and the bulletin link', () => {
    const html = renderPanel(BulletinPanel, 'bulletin', { module: m({ dataSize: 2 }), data: { bulletin: pageOf([item(1), item(2), item(3)]) } });
    for (const s of ['快报1', '第1期', '2026-05-02', 'src="/c1.png"', 'href="/microapp/bulletin/1"', '快报2']) expect(html).toContain(s);
    expect(html).not.toContain('快报3');
  });

  it('the description shows under the title in a group template', () => {
    const html = renderPanel(BulletinPanel, 'bulletin', {
      module: m({ description: '每周一期的科技动态' }, true),
      data: { bulletin: pageOf([item(1)]) },
      site: { ...visitorSite, groupTemplate: true },
    });
    expect(html).toContain('每周一期的科技动态');
  });
});
