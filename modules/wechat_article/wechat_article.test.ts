/**
 * wechat_article (spec 1 §2, §4; spec 2 §9): span by direction, heights (horizontal 242; vertical 164 per
 * item + 10 between + 78; empty 331), counts (4 horizontal, 8 vertical, fetch 8), the correction the
 * editor persists, and the panel's states.
 */
import { describe, expect, it } from 'vitest';
import { wechatArticleDefinition as def, wechatCorrection, wechatHeight, wechatShownCount, type WechatArticleModule } from './definition';
import WechatArticlePanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';
import { schemaOf } from '../schemas';

const plain = { groupTemplate: false };
const m = (extra: Record<string, unknown> = {}) => moduleOf<WechatArticleModule>('wechat_article', extra);
const record = (n: number) => ({
  id: 100 + n,
  groupId: 'gabc',
  groupName: n % 2 ? '前沿动态' : '学术活动',
  articleTime: `2026-03-0${n} 09:30:00`,
  material: { title: `公众号文章${n}`, thumb_media_url: `https://mmbiz.example.cn/${n}.jpg`, url: `https://mp.weixin.qq.com/s/${n}` },
});

describe('wechat_article rules (spec 2 §9)', () => {
  it.each([
    ['vertical', 0, 331],
    ['vertical', 1, 242],
    ['vertical', 2, 416],
    ['vertical', 3, 590],
    ['vertical', 8, 1460],
    ['vertical', 12, 1460],
    ['horizontal', 0, 242],
    ['horizontal', 4, 242],
    ['horizontal', 8, 242],
  ] as const)('%s with %i articles is %i px high', (direction, count, h) => {
    expect(wechatHeight(direction, count)).toBe(h);
  });

  it('shows 4 horizontal, 8 vertical and always fetches 8', () => {
    expect(wechatShownCount('horizontal')).toBe(4);
    expect(wechatShownCount('vertical')).toBe(8);
    expect(def.reads(m({ wechatId: 'gh_a', direction: 'horizontal', span: 5 }))).toEqual([
      { key: 'wechat', source: 'wechat_article', count: 8, wechatId: 'gh_a' },
    ]);
    expect(def.reads(m({ wechatId: 'gh_a' }))[0].count).toBe(8);
    expect(def.reads(m())).toEqual([]);
  });

  it('default span 0; the direction forces the span (horizontal 5, vertical 0)', () => {
    expect(def.defaults(plain).span).toBe(0);
    expect(schemaOf(def.type)!.safeParse(m({ direction: 'horizontal', span: 5 })).success).toBe(true);
    expect(schemaOf(def.type)!.safeParse(m({ direction: 'horizontal', span: 0 })).error!.issues[0].path).toEqual(['span']);
    expect(schemaOf(def.type)!.safeParse(m({ wechatId: '公众号' })).error!.issues[0].message).toBe(
      '公众号 ID 只能包含字母、数字、下划线和短横线，不超过 64 个字符',
    );
  });

  it('definition height: 331 without an account, 242 horizontal, the stored height, else 8 articles', () => {
    expect(def.height(m(), plain)).toBe(331);
    expect(def.height(m({ wechatId: 'gh_a', direction: 'horizontal', span: 5, height: 600 }), plain)).toBe(242);
    expect(def.height(m({ wechatId: 'gh_a', height: 416 }), plain)).toBe(416);
    expect(def.height(m({ wechatId: 'gh_a' }), plain)).toBe(1460);
  });

  it('corrects a vertical height to the articles that came back, once (spec 1 §4)', () => {
    const v = m({ wechatId: 'gh_a' });
    expect(wechatCorrection(v, 2)).toMatchObject({ height: 416, wechatId: 'gh_a', id: 'm-wechat_article' });
    expect(wechatCorrection({ ...v, height: 416 }, 2)).toBeNull();
    expect(wechatCorrection({ ...v, height: 416 }, 0)).toMatchObject({ height: 331 });
    expect(wechatCorrection(m({ wechatId: 'gh_a', direction: 'horizontal', span: 5 }), 1)).toBeNull();
  });

  it('more link: /microapp/wechat unless hidden', () => {
    expect(def.moreLink(m(), { signedIn: false })).toBe('/microapp/wechat');
    expect(def.moreLink(m({ hideMoreButton: true }), { signedIn: false })).toBeNull();
  });
});

describe('wechat_article panel', () => {
  it('without an account: 暂无数据; in edit mode the prompt to the wechat manager', () => {
    const html = renderPanel(WechatArticlePanel, 'wechat_article', { module: m() });
    expect(html).toContain('暂无数据');
    expect(html).not.toContain('暂未绑定公众号');
    const edit = renderPanel(WechatArticlePanel, 'wechat_article', { module: m(), editable: true });
    expect(edit).toContain('暂未绑定公众号或公众号数据未分组，点击此处配置');
  });

  it('skeleton while loading, 加载失败 with the reason on error', () => {
    const module = m({ wechatId: 'gh_a' });
    const loading = renderPanel(WechatArticlePanel, 'wechat_article', { module, loading: true });
    expect(loading).toContain('atr-skel');
    expect(loading).not.toContain('暂无数据');
    const failed = renderPanel(WechatArticlePanel, 'wechat_article', { module, error: '网络连接失败，请检查网络后再试' });
    expect(failed).toContain('加载失败');
    expect(failed).toContain('网络连接失败');
  });

  it('shows titles, groups, days and material links; 4 in a row when horizontal', () => {
    const records = [1, 2, 3, 4, 5].map(record);
    const html = renderPanel(WechatArticlePanel, 'wechat_article', { module: m({ wechatId: 'gh_a' }), data: { wechat: pageOf(records) } });
    for (const s of [
      '公众号文章1',
      '前沿动态',
      '学术活动',
      '2026-03-01',
      'href="/microapp/wechat/material/101"',
      'src="https://mmbiz.example.cn/1.jpg"',
      '公众号文章5',
    ])
      expect(html).toContain(s);
    const h = renderPanel(WechatArticlePanel, 'wechat_article', {
      module: m({ wechatId: 'gh_a', direction: 'horizontal', span: 5 }),
      data: { wechat: pageOf(records) },
    });
    expect(h).toContain('公众号文章4');
    expect(h).not.toContain('公众号文章5');
  });
});
