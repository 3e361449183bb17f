/**
 * The pure parts of the feed pages (spec 1 §2 'Links the panels produce'): which tool an address names,
 * how wechat articles group, which accounts the wechat page reads, and the article time text.
 */
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../boot';
import { toolAt } from './ToolPage';
import type { WechatRecord } from '@common/feeds';
import { groupRecords, wechatIdsOf } from './WechatPage';
import { articleTimeText } from './WechatMaterialPage';

const tools = [
  { id: 1, title: '党费计算器', link: 'https://host.cn/tools/party-dues' },
  { id: 2, title: '引文格式转换', link: '/tools/cite?style=gb' },
  { id: 3, title: '文献翻译', link: 'https://translate.example.com/' },
  { id: 4, title: '中文工具', link: 'https://host.cn/tools/计算器' },
];

const rec = (id: number, groupName: string | null): WechatRecord => ({
  id,
  groupId: null,
  groupName,
  articleTime: null,
  material: { title: `文章${id}`, thumb_media_url: null, url: null, digest: null },
});

describe('feed pages', () => {
  it('finds the tool whose /tools/ link maps to the address, never one that opens elsewhere', () => {
    expect(toolAt(tools, '/microapp/widget/tools/party-dues')?.id).toBe(1);
    expect(toolAt(tools, '/microapp/widget/tools/cite?style=gb')?.id).toBe(2);
    expect(toolAt(tools, `/microapp/widget/tools/${encodeURIComponent('计算器')}`)?.id).toBe(4);
    expect(toolAt(tools, '/microapp/widget/tools/cite')).toBeUndefined();
    expect(toolAt(tools, 'https://translate.example.com/')).toBeUndefined();
  });

  it('groups articles by account group in order of first appearance, keeping their order', () => {
    const groups = groupRecords([rec(1, '要闻'), rec(2, '活动'), rec(3, '要闻'), rec(4, null), rec(5, ' ')]);
    expect(groups.map((g) => [g.name, g.records.map((r) => r.id)])).toEqual([
      ['要闻', [1, 3]],
      ['活动', [2]],
      ['未分组', [4, 5]],
    ]);
  });

  it("reads the asked accounts, else those of the home page's wechat panels", () => {
    const config = {
      homeConfig: [
        {
          template: [
            { id: 'a', type: 'wechat_article', wechatId: 'gh_a' },
            {
              id: 'f',
              type: 'flex',
              components: [
                {
                  modules: [
                    { id: 'b', type: 'wechat_article', wechatId: 'gh_b' },
                    { id: 'c', type: 'wechat_article', wechatId: null },
                  ],
                },
              ],
            },
            { id: 'd', type: 'news' },
          ],
        },
      ],
    } as unknown as Pick<AppConfig, 'homeConfig'>;
    expect(wechatIdsOf(config, [])).toEqual(['gh_a', 'gh_b']);
    expect(wechatIdsOf(config, ['gh_x', 'gh_x'])).toEqual(['gh_x']);
  });

  it('shows a wechat time to the minute, a bare date as it is', () => {
    expect(articleTimeText('2026-05-11 09:30:00')).toBe('2026-05-11 09:30');
    expect(articleTimeText('2026-05-11')).toBe('2026-05-11');
    expect(articleTimeText(null)).toBe('');
  });
});
