/**
 * Tool panel rules (spec 1 §4 'horizontal forces span 5, vertical span 0', §5 请选择工具; spec 2 §9
 * 'horizontal tool 140', 'Tool and job vertical: 60 per item + 24 gaps + 78', 'Tools 4 or 8') and its
 * rendering (spec 1 §2 tool links).
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { toolHref } from '../kit/links';
import { toolCount, toolDefinition as def } from './definition';
import ToolPanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';
import { schemaOf } from '../schemas';
import type { ConfigOf } from '../configs';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('tool rules', () => {
  it.each([
    ['vertical', 1, 1, 60 + 78],
    ['vertical', 3, 3, 3 * 60 + 2 * 24 + 78],
    ['vertical', 9, 4, 4 * 60 + 3 * 24 + 78],
    ['horizontal', 3, 3, 140],
    ['horizontal', 12, 8, 140],
  ] as const)('%s with %i chosen shows %i, %i px high', (direction, chosen, n, h) => {
    const m = moduleOf('tool', { direction, span: direction === 'horizontal' ? 5 : 0, specificData: ids(chosen) }) as never;
    expect(toolCount(m)).toBe(n);
    expect(def.height(m, { groupTemplate: false })).toBe(h);
    expect(def.reads(m)).toEqual([{ key: 'tool', source: 'tool', count: n, ids: ids(n) }]);
  });
  it('defaults to span 0, vertical; needs at least one tool (请选择工具)', () => {
    expect(def.defaults({ groupTemplate: false })).toMatchObject({ span: 0, direction: 'vertical', specificData: [] });
    const r = schemaOf(def.type)!.safeParse(moduleOf('tool'));
    expect(r.error!.issues[0].message).toBe(MSG.toolRequired);
    expect(MSG.toolRequired).toBe('请选择工具');
    expect(schemaOf(def.type)!.safeParse(moduleOf('tool', { specificData: [5] })).success).toBe(true);
    expect(def.reads(moduleOf('tool') as never)).toEqual([]);
  });
  it('more link /microapp/widget/tools unless hidden', () => {
    expect(def.moreLink(moduleOf('tool') as never, { signedIn: false })).toBe('/microapp/widget/tools');
    expect(def.moreLink(moduleOf('tool', { hideMoreButton: true }) as never, { signedIn: false })).toBeNull();
  });
  it.each([
    ['https://tools.example.cn/tools/party-dues', '/microapp/widget/tools/party-dues', false],
    ['/tools/ocr?lang=zh', '/microapp/widget/tools/ocr?lang=zh', false],
    ['https://translate.example.com/', 'https://translate.example.com/', true],
  ])('tool link %s → %s (new window %s)', (link, href, newTab) => {
    expect(toolHref(link)).toEqual({ href, newTab });
  });
});

describe('tool panel', () => {
  const tools = pageOf([
    { id: 51, type: 'tool', title: '党费计算器', description: '按月收入计算应缴党费', cover: '/t/dues.svg', link: 'https://host.cn/tools/party-dues' },
    { id: 52, type: 'tool', title: '文献翻译', description: '中英文献在线翻译', cover: null, link: 'https://translate.example.com/' },
  ]);
  it('shows icon, title and description; /tools/ links stay on the site, others open a new window', () => {
    const module = moduleOf<ConfigOf<'tool'>>('tool', { specificData: [51, 52] });
    const html = renderPanel(ToolPanel, 'tool', { module, data: { tool: tools } });
    for (const s of ['党费计算器', '按月收入计算应缴党费', 'src="/t/dues.svg"', '文献翻译', '中英文献在线翻译']) expect(html).toContain(s);
    expect(html).toMatch(/href="\/microapp\/widget\/tools\/party-dues"(?![^>]*target)/);
    expect(html).toMatch(/href="https:\/\/translate\.example\.com\/"[^>]*target="_blank"/);
  });
  it('horizontal: one row of tiles', () => {
    const module = moduleOf<ConfigOf<'tool'>>('tool', { direction: 'horizontal', span: 5, specificData: [51, 52] });
    expect(renderPanel(ToolPanel, 'tool', { module, data: { tool: tools } })).toContain('atr-p-tools--row');
  });
});
