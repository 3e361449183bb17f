/**
 * The visitor panels render their three states (spec 1 §4) and their links (spec 1 §2) without a DOM:
 * react-dom/server renders each registered type's Panel from its defaults. Plus the pure helpers of
 * modules/kit (dates, links).
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ModuleConfig } from '../../common/homeConfig';
import { makePage, type Page } from '../../common/page';
import { definitionOf } from '../registry';
import { MODULE_TYPES } from '../../common/constants';
import type { PanelProps, SiteContext } from '../types.app';
import ActivityPanel from '../activity/Panel';
import CarouselPanel from '../carousel/Panel';
import FlexPanel from '../flex/Panel';
import FruitPanel from '../fruit/Panel';
import InstitutionPanel from '../institution/Panel';
import JournalPanel from '../journal/Panel';
import LinkPanel from '../link/Panel';
import NewsPanel from '../news/Panel';
import NoticePanel from '../notice/Panel';
import ScholarPanel from '../scholar/Panel';
import BookPanel from '../book/Panel';
import PolicyPanel from '../policy/Panel';
import ResourcePanel from '../resource/Panel';
import SciencedataPanel from '../sciencedata/Panel';
import StandardPanel from '../standard/Panel';
import ToolPanel from '../tool/Panel';
import WechatArticlePanel from '../wechat_article/Panel';
import JobPanel from '../job/Panel';
import BulletinPanel from '../bulletin/Panel';
import IframePanel from '../iframe/Panel';
import XmodulePanel from '../xmodule/Panel';
import { formatDate, newestFirst, relativeDate } from './format';
import { guardHref, resourceHref, scholarHref } from './links';

const PANELS: Record<string, ComponentType<PanelProps<any>>> = {
  activity: ActivityPanel,
  carousel: CarouselPanel,
  fruit: FruitPanel,
  flex: FlexPanel,
  institution: InstitutionPanel,
  journal: JournalPanel,
  link: LinkPanel,
  news: NewsPanel,
  notice: NoticePanel,
  scholar: ScholarPanel,
  // module lists (their items: modules/<type>/<type>.test.ts)
  policy: PolicyPanel,
  standard: StandardPanel,
  book: BookPanel,
  sciencedata: SciencedataPanel,
  resource: ResourcePanel,
  tool: ToolPanel,
  wechat_article: WechatArticlePanel,
  job: JobPanel,
  bulletin: BulletinPanel,
  iframe: IframePanel,
  xmodule: XmodulePanel,
};

const visitor: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };
const member: SiteContext = { ...visitor, user: { id: 7, name: '张三', role: 'user' } };
const moduleOf = (type: string, extra: Record<string, unknown> = {}) =>
  ({ ...definitionOf(type)!.defaults({ groupTemplate: false }), id: `m-${type}`, ...extra }) as ModuleConfig;
const page = (items: unknown[]): Page<unknown> => makePage(items, items.length, 1, 10);

function render(type: string, props: Partial<PanelProps> & { module?: ModuleConfig } = {}): string {
  const module = props.module ?? moduleOf(type);
  // the page's query client (a panel may read through TanStack Query: institution counts)
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(PANELS[type], {
        module,
        data: {},
        loading: false,
        error: null,
        editable: false,
        site: visitor,
        ...props,
      } as PanelProps),
    ),
  );
}

describe('every panel', () => {
  // an xmodule has no data: without a component it shows nothing to visitors (its own tests below)
  it.each(MODULE_TYPES.filter((t) => t !== 'xmodule'))('%s renders its defaults with no data as an empty state', (type) => {
    const html = render(type);
    expect(html).toContain('暂无数据');
  });

  // config-only panels have no read; a wechat panel reads only once an account is chosen (modules/feeds.test.ts)
  it.each(MODULE_TYPES.filter((t) => !['link', 'carousel', 'iframe', 'wechat_article', 'xmodule', 'flex'].includes(t)))(
    '%s shows a skeleton while loading and 加载失败 on error',
    (type) => {
      expect(render(type, { loading: true })).toContain('atr-skel');
      expect(render(type, { loading: true })).not.toContain('暂无数据');
      const failed = render(type, { error: '网络连接失败，请检查网络后再试' });
      expect(failed).toContain('加载失败');
      expect(failed).toContain('网络连接失败');
    },
  );

  it.each(MODULE_TYPES)('%s survives items whose fields are all missing or null', (type) => {
    const junk = [{ id: 1, title: null, date: null, cover: null, avatar: 5, logo: {}, author: null }, null, 'x', { title: '只有标题' }];
    const data = Object.fromEntries(
      definitionOf(type)!
        .reads(moduleOf(type))
        .map((r) => [r.key, page(junk)]),
    );
    const module =
      type === 'link'
        ? moduleOf(type, { specificData: [1, 2], specificDataObject: junk.slice(0, 2) })
        : type === 'carousel'
          ? moduleOf(type, {
              items: [
                { id: 1, dataType: 'picture', url: '' },
                { id: 2, dataType: 'video', url: '/v.mp4' },
              ],
            })
          : type === 'xmodule'
            ? moduleOf(type, { component: 'stats-default', xmoduleParams: junk[0] })
            : moduleOf(type);
    expect(() => render(type, { module, data })).not.toThrow();
  });
});

describe('scholar panel', () => {
  const scholars = page([
    {
      id: 11,
      type: 'scholar',
      title: '林知远',
      avatar: null,
      professional_title: '教授',
      institution: '东湖理工大学',
      research_field: '机器学习',
      fruits_total: 186,
    },
    { id: 12, type: 'scholar', title: '苏青禾', avatar: '/a.png', academic_title: '长江学者特聘教授' },
  ]);
  it('shows names, titles and the profile links', () => {
    const html = render('scholar', { data: { scholar: scholars } });
    for (const s of ['林知远', '教授', '东湖理工大学', '机器学习', '186', '苏青禾', '长江学者特聘教授', 'href="/microapp/profile/11"', 'src="/a.png"'])
      expect(html).toContain(s);
    expect(html).not.toContain('暂无数据');
    // a missing avatar becomes the initial
    expect(html).toMatch(/atr-p-thumb--ph[^>]*>.*林</);
  });
  it('sends a visitor who is not signed in to the sign-in page when oauthBeforeRedirect is on', () => {
    const module = moduleOf('scholar', { oauthBeforeRedirect: true });
    expect(render('scholar', { module, data: { scholar: scholars } })).toContain(`href="/login?redirect=${encodeURIComponent('/microapp/profile/11')}"`);
    expect(render('scholar', { module, data: { scholar: scholars }, site: member })).toContain('href="/microapp/profile/11"');
  });
  it('opens 更多 in a new tab', () => {
    expect(render('scholar', { data: { scholar: scholars } })).toMatch(/<a href="\/top-resources\?[^"]*"[^>]*target="_blank"[^>]*>更多/);
    expect(render('scholar', { module: moduleOf('scholar', { hideMoreButton: true }), data: { scholar: scholars } })).not.toContain('更多');
  });
});

describe('journal panel', () => {
  const journals = page([
    { id: 5, type: 'journal', title: '作物种质创新', feed_time: '2026年第10期期', impact_factor: 1.874, collection: '北大核心', issn: '1234-5678' },
  ]);
  it('shows 订阅 only to a signed-in user with recommendation on', () => {
    const on = moduleOf('journal', { showRecommendation: true });
    expect(render('journal', { module: on, data: { journal: journals }, site: member })).toMatch(/<button[^>]*class="atr-p-subscribe"[^>]*>订阅<\/button>/);
    const subscribed = page([{ ...(journals.content[0] as object), is_subscribed: true }]);
    expect(render('journal', { module: on, data: { journal: subscribed }, site: member })).toMatch(
      /<button[^>]*class="atr-p-subscribe is-on"[^>]*>已订阅<\/button>/,
    );
    expect(render('journal', { module: on, data: { journal: journals } })).not.toContain('订阅');
    expect(render('journal', { data: { journal: journals }, site: member })).not.toContain('订阅');
  });
  it('shows the issue without the duplicated 期 and the facts', () => {
    const html = render('journal', { data: { journal: journals } });
    expect(html).toContain('2026年第10期<');
    expect(html).toContain('影响因子 1.874');
    expect(html).toContain('北大核心');
  });
});

describe('list panels', () => {
  it('notice: pinned tag, type, date, link to /resources/notices/{id}', () => {
    const html = render('notice', {
      data: { notice: page([{ id: 3, noticeId: 3, title: '关于演示数据的说明', type: '消息公告', top: 1, publishDate: '2026-11-20' }]) },
    });
    for (const s of ['置顶', '消息公告', '关于演示数据的说明', '2026-11-20', 'href="/resources/notices/3"']) expect(html).toContain(s);
  });
  it('news: data list newest first with detail links', () => {
    const module = moduleOf('news', { displayType: ['data'] });
    const html = render('news', {
      module,
      data: {
        data: page([
          { id: 1, title: '旧闻', date: '2025-01-01' },
          { id: 2, title: '新闻', date: '2026-05-01' },
        ]),
      },
    });
    expect(html.indexOf('新闻')).toBeLessThan(html.indexOf('旧闻'));
    expect(html).toContain('href="/microapp/explore/resources/news/2"');
  });
  it("fruit and activity: 去配置数据 of an empty tab opens the topic's data on the tab's resource type", () => {
    // the first tab shows: the research-output panel's articles, the activity panel's conferences
    expect(render('fruit', { editable: true })).toContain('data-href="/console/topics/tc/topicShow/3?type=article"');
    expect(render('fruit', { editable: true, module: moduleOf('fruit', { dataType: ['patent', 'report'] }) })).toContain(
      'data-href="/console/topics/tc/topicShow/3?type=patent"',
    );
    expect(render('activity', { editable: true })).toContain('data-href="/console/topics/tc/topicShow/3?type=conference"');
    expect(render('journal', { editable: true })).toContain('data-href="/console/topics/tc/topicShow/3?type=journal"');
  });

  it('fruit: one tab per data type with its label', () => {
    const html = render('fruit', {
      data: { article: page([{ id: 9, type: 'article', title: '知识图谱构建方法', date: '2026-10-15' }]), patent: page([]), report: page([]) },
    });
    for (const s of ['论文', '专利', '报告', '知识图谱构建方法', '2026-10-15', 'href="/microapp/explore/resources/article/9"']) expect(html).toContain(s);
  });
  it('activity: conference dates and place', () => {
    const html = render('activity', {
      data: {
        conference: page([
          {
            id: 4,
            type: 'conference',
            title: '近海观测技术研讨会',
            start_date: '2027-03-20',
            end_date: '2027-03-22',
            country: '中国',
            state: '山东',
            city: '青岛',
          },
        ]),
        project: page([]),
      },
    });
    for (const s of ['会议', '项目', '近海观测技术研讨会', '2027-03-20 ~ 2027-03-22', '中国 山东 青岛']) expect(html).toContain(s);
  });
});

describe('config panels', () => {
  it('link: items open their url in a new tab, up to dataSize', () => {
    const objs = [1, 2, 3].map((i) => ({ id: i, title: `门户${i}`, url: `https://p${i}.cn`, cover: null, name: `P${i}` }));
    const html = render('link', { module: moduleOf('link', { specificData: [1, 2, 3], specificDataObject: objs, dataSize: 2 }) });
    expect(html).toMatch(/href="https:\/\/p1\.cn"[^>]*target="_blank"/);
    expect(html).toContain('门户2');
    expect(html).not.toContain('门户3');
  });
  it('carousel: picture with caption and link, no arrows or dots with one item', () => {
    const one = render('carousel', {
      module: moduleOf('carousel', { items: [{ id: 1, dataType: 'picture', url: '/b.svg', redirectUri: 'https://x.cn', title: '横幅', description: '说明' }] }),
    });
    for (const s of ['src="/b.svg"', '横幅', '说明', 'href="https://x.cn"']) expect(one).toContain(s);
    expect(one).not.toContain('atr-car__dots');
    const two = render('carousel', {
      module: moduleOf('carousel', {
        items: [
          { id: 1, dataType: 'picture', url: '/b.svg' },
          { id: 2, dataType: 'video', url: '/v.mp4' },
        ],
      }),
    });
    expect(two).toContain('atr-car__dots');
    expect(two).toMatch(/<video[^>]*muted/);
  });
});

describe('xmodule panel (custom component)', () => {
  const x = (component: string, xmoduleParams: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    moduleOf('xmodule', { alias: '组件面板', component, xmoduleParams, ...extra });
  it('search-box: a GET form to /microapp/explore with the type, and hot words linking there', () => {
    const html = render('xmodule', {
      module: x('search-box-default', { placeholder: '检索学者', buttonText: '搜一下', type: 'policy', hotWords: '碳中和，人工智能' }),
    });
    for (const s of [
      'action="/microapp/explore"',
      'name="query"',
      'placeholder="检索学者"',
      'name="type" value="policy"',
      '搜一下',
      '组件面板',
      'href="/microapp/explore?query=%E7%A2%B3%E4%B8%AD%E5%92%8C&amp;type=policy"',
      '人工智能',
    ])
      expect(html).toContain(s);
  });
  it('stats: shows as many figures as count says', () => {
    const params = { count: '2', value1: '24,168', label1: '收录学者', value2: '1.2万', label2: '论文', value3: '99', label3: '不该出现' };
    const html = render('xmodule', { module: x('stats-default', params) });
    for (const s of ['24,168', '收录学者', '1.2万', '论文']) expect(html).toContain(s);
    expect(html).not.toContain('不该出现');
  });
  it('text-block: plain text paragraphs, markup shown as text, no title bar with titleSkip', () => {
    const html = render('xmodule', { module: x('text-block-default', { content: '第一段\n\n<b>第二段</b>', align: 'center' }, { titleSkip: true }) });
    expect(html).toContain('<p>第一段</p>');
    expect(html).toContain('&lt;b&gt;第二段&lt;/b&gt;');
    expect(html).toContain('text-align:center');
    expect(html).not.toContain('atr-p-head');
  });
  it('image-banner: the image with its link; an unsafe address is not used', () => {
    const html = render('xmodule', { module: x('image-banner-default', { image: '/demo/banner-1.svg', link: 'https://x.cn', height: 200, alt: '横幅' }) });
    for (const s of ['src="/demo/banner-1.svg"', 'href="https://x.cn"', 'height:200px', 'alt="横幅"']) expect(html).toContain(s);
    const bad = render('xmodule', { module: x('image-banner-default', { image: 'javascript:alert(1)', link: 'javascript:alert(2)' }) });
    expect(bad).not.toContain('javascript:');
  });
  it('more link from specificLink, hidden by hideMoreButton', () => {
    expect(render('xmodule', { module: x('stats-default', { value1: '1', label1: 'a' }, { specificLink: '/microapp/explore' }) })).toMatch(
      /href="\/microapp\/explore"[^>]*target="_blank"[^>]*>更多/,
    );
    expect(render('xmodule', { module: x('stats-default', { value1: '1', label1: 'a' }, { specificLink: '/m', hideMoreButton: true }) })).not.toContain('更多');
  });
  it('an unknown or missing component: 组件不可用 in edit mode, nothing for visitors', () => {
    const gone = x('weather-default', {});
    expect(render('xmodule', { module: gone })).toBe('');
    const edit = render('xmodule', { module: gone, editable: true });
    expect(edit).toContain('组件不可用');
    expect(edit).toContain('weather-default');
    expect(render('xmodule', { module: moduleOf('xmodule'), editable: true })).toContain('请选择组件');
    expect(render('xmodule', { module: moduleOf('xmodule') })).toBe('');
  });
});

describe('helpers', () => {
  it('formats dates as yyyy-MM-dd and keeps bare years', () => {
    expect(formatDate('2026-01-02')).toBe('2026-01-02');
    expect(formatDate('2026/1/2')).toBe('2026-01-02');
    expect(formatDate(2024)).toBe('2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('不是日期')).toBe('');
  });
  it('words relative dates', () => {
    const now = new Date(2026, 5, 30, 12).getTime();
    expect(relativeDate(new Date(now - 30_000), now)).toBe('刚刚');
    expect(relativeDate(new Date(now - 5 * 60_000), now)).toBe('5分钟前');
    expect(relativeDate(new Date(now - 3 * 3600_000), now)).toBe('3小时前');
    expect(relativeDate(new Date(now - 2 * 86400_000), now)).toBe('2天前');
    expect(relativeDate(new Date(now - 15 * 86400_000), now)).toBe('2周前');
    expect(relativeDate(new Date(now - 65 * 86400_000), now)).toBe('2个月前');
    expect(relativeDate(new Date(now - 800 * 86400_000), now)).toBe('2年前');
  });
  it('sorts newest first, undated last', () => {
    expect(
      newestFirst([
        { id: 1, date: null },
        { id: 2, date: '2024-01-01' },
        { id: 3, date: '2025-01-01' },
      ]).map((x) => x.id),
    ).toEqual([3, 2, 1]);
  });
  it('builds the links of spec 1 §2', () => {
    expect(resourceHref('article', 5)).toBe('/microapp/explore/resources/article/5');
    expect(resourceHref('notice', 5)).toBe('/resources/notices/5');
    expect(scholarHref(8)).toBe('/microapp/profile/8');
    expect(guardHref('/x?a=1', { oauthBeforeRedirect: true }, { user: null })).toBe('/login?redirect=%2Fx%3Fa%3D1');
    expect(guardHref('/x', { oauthBeforeRedirect: false }, { user: null })).toBe('/x');
  });
});
