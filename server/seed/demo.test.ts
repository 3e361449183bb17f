/** The demo application and catalogue created on the first start (README 'Two commands'). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, freshDatabase, type TestContext } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { seedDemoIfEmpty } from './demo.js';
import { definitionOf } from '../../modules/registry.js';
import { readPanel } from '../reads/index.js';
import {
  DEMO_ARTICLES,
  DEMO_CONFERENCES,
  DEMO_INSTITUTIONS,
  DEMO_JOURNALS,
  DEMO_NEWS,
  DEMO_NOTICES,
  DEMO_PORTALS,
  DEMO_PROJECTS,
  DEMO_RESOURCES,
  DEMO_SCHOLARS,
  DEMO_SLIDES,
} from './catalogue.js';
import { schemaOf } from '../../modules/schemas.js';
import { INSTITUTION_NAME_SEPARATOR } from '../../common/constants.js';

const publicDir = fileURLToPath(new URL('../../app/public', import.meta.url));
const EXPECTED_TYPES = ['carousel', 'news', 'notice', 'fruit', 'activity', 'scholar', 'journal', 'institution', 'link'];

let ctx: TestContext;
let seeded: boolean;
beforeAll(async () => {
  ctx = await createTestContext();
  seeded = await seedDemoIfEmpty(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

async function counts(db: Db) {
  const n = async (table: 'applications' | 'resources' | 'resource_topics' | 'categories' | 'topics' | 'notices' | 'links') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applications: await n('applications'),
    resources: await n('resources'),
    links: await n('resource_topics'),
    categories: await n('categories'),
    topics: await n('topics'),
    notices: await n('notices'),
    appLinks: await n('links'),
  };
}

async function demoConfig() {
  const res = await ctx.client().get('/api/v1/applications/config?host=localhost');
  expect(res.status).toBe(200);
  return res.body;
}

const titles = (page: { content: Array<{ title: string }> }) => page.content.map((i) => i.title);

describe('the demo application', () => {
  it('is created on host localhost with the topic 综合资源 and the panels in grid order', async () => {
    expect(seeded).toBe(true);
    const cfg = await demoConfig();
    expect(cfg).toMatchObject({ name: 'Atrium 科技信息门户', host: 'localhost', status: 'released', topic: { title: '综合资源' } });
    expect(cfg.topicId).toBe(cfg.topic.id);
    expect(cfg.homeConfig).toHaveLength(1);
    const home = cfg.homeConfig[0];
    expect(home).toMatchObject({ page: 'home', style: 'card', groups: {} });
    expect(home.template.map((m: { type: string }) => m.type)).toEqual(EXPECTED_TYPES);
    expect(home.template.map((m: { id: string }) => m.id)).toEqual(EXPECTED_TYPES.map((t) => `demo-${t}`));
    for (const m of home.template) expect(m.alias).toMatch(/[\u4e00-\u9fff]/);
  });

  it('fills the six-step grid row by row (each row sums to full width)', async () => {
    const fractions = [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1];
    const spans: number[] = (await demoConfig()).homeConfig[0].template.map((m: { span: number }) => m.span);
    const rows: number[] = [];
    let row = 0;
    for (const s of spans) {
      row += fractions[s];
      if (row > 1 + 1e-9) throw new Error(`row overflows at span ${s}`);
      if (Math.abs(row - 1) < 1e-9) {
        rows.push(row);
        row = 0;
      }
    }
    expect(row).toBe(0);
    expect(rows).toHaveLength(7);
  });

  it('carries the carousel slides, the data types and the link portals of spec 1 §3', async () => {
    const byType = Object.fromEntries((await demoConfig()).homeConfig[0].template.map((m: { type: string }) => [m.type, m]));
    expect(byType.carousel.items).toEqual(DEMO_SLIDES);
    expect(byType.fruit.dataType).toEqual(['article']);
    expect(byType.activity.dataType).toEqual(['conference', 'project']);
    expect(byType.link.specificData).toEqual(DEMO_PORTALS.map((p) => p.id));
    expect(byType.link.specificDataObject).toEqual(DEMO_PORTALS);
    expect(byType.link.specificDataObject.map((p: { url: string }) => p.url)).toContain('https://www.nstl.gov.cn');
  });

  it('has a home config the console can save again unchanged', async () => {
    const cfg = await demoConfig();
    const admin = await ctx.signIn('13700000101', 'super');
    const res = await admin.post(`/api/v1/applications/${cfg.applicationId}/home-config`, { homeConfig: cfg.homeConfig });
    expect(res.status).toBe(200);
    expect(res.body.homeConfig).toEqual(cfg.homeConfig);
  });
});

describe('the demo catalogue', () => {
  it('answers the demo scholars on top-scholar with their listing fields and institution', async () => {
    const { topicId } = await demoConfig();
    const c = ctx.client();
    const res = await c.post('/api/v4/modules/top-scholar', { offset: 0, count: 20, topicId });
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(DEMO_SCHOLARS.length);
    expect(titles(res.body)).toEqual(DEMO_SCHOLARS.map((s) => s.title));
    expect(res.body.content[0]).toMatchObject({
      type: 'scholar',
      title: '林知远',
      avatar: '/demo/scholar-1.svg',
      professional_title: '教授',
      academic_title: '国家杰青',
      institution: '东湖理工大学',
      fruits_total: 2,
    });
    expect(res.body.content[0].research_field).toContain('知识图谱');
    const institutions = await c.post('/api/v4/modules/top-institution', { offset: 0, count: 8, topicId });
    const idOf = new Map(institutions.body.content.map((i: { id: number; title: string }) => [i.title, i.id]));
    for (const s of res.body.content) expect(s.institutionId).toBe(idOf.get(s.institution));
  });

  it('fills every panel kind with the spec listing fields, newest first', async () => {
    const { topicId } = await demoConfig();
    const c = ctx.client();
    const top = async (kind: string) => {
      const res = await c.post(`/api/v3/modules/top-${kind}`, { offset: 0, count: 20, topicId });
      expect(res.status).toBe(200);
      return res.body;
    };
    const news = await top('news');
    expect(titles(news)).toEqual(DEMO_NEWS.map((n) => n.title));
    expect(news.content[0]).toMatchObject({ cover: '/demo/news-1.svg', source: '东湖理工大学' });
    expect(news.content[0].summary.length).toBeGreaterThan(20);

    const articles = await top('article');
    expect(articles.totalElements).toBe(DEMO_ARTICLES.length);
    const dates = articles.content.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(articles.content[0]).toMatchObject({ publish_year: 2026, journal: '智能系统与知识计算' });
    expect(articles.content[0].author).toContain('陈若溪');
    expect(articles.content[0].keywords).toContain('知识图谱');

    const journals = await top('journal');
    expect(titles(journals)).toEqual(DEMO_JOURNALS.map((j) => j.title));
    for (const j of journals.content) {
      expect(j).toMatchObject({ is_subscribed: false, cover: expect.stringMatching(/^\/demo\/journal-\d\.svg$/) });
      expect(j.issn).toMatch(/^\d{4}-\d{3}[\dX]$/);
      expect(j.feed_time).toMatch(/^\d{4}年第\d+期$/);
      expect(typeof j.impact_factor).toBe('number');
    }

    const institutions = await top('institution');
    expect(titles(institutions)).toEqual(DEMO_INSTITUTIONS.map((i) => i.title));
    expect(institutions.content[0]).toMatchObject({ logo: '/demo/institution-1.svg', institution: '东湖理工大学', scholars: 2, fruits: 2 });

    const conferences = await top('conference');
    expect(conferences.totalElements).toBe(DEMO_CONFERENCES.length);
    expect(conferences.content.find((x: { title: string }) => x.title === '2026 中文信息处理青年学者论坛')).toMatchObject({
      type: 'conference',
      start_date: '2026-12-12',
      end_date: '2026-12-13',
      country: '中国',
      state: '湖北',
      city: '武汉',
    });

    const projects = await top('project');
    expect(projects.totalElements).toBe(DEMO_PROJECTS.length);
    expect(projects.content[0]).toMatchObject({ type: 'project', undertaking_institution: '西岭农业科学研究院', start_date: '2025-06-01' });
    expect(projects.content[0].author).toEqual(['周牧之', '杨穗']);
  });

  it('gives every institution the scholar and output tallies the site counts, none of them 0', async () => {
    const names = DEMO_INSTITUTIONS.map((i) => i.title);
    const res = await ctx.client().post('/api/v1/resources/institution/fruit-scholar-count', { q: names.join(INSTITUTION_NAME_SEPARATOR) });
    expect(res.status).toBe(200);
    const counted = (list: Array<{ institution: string; count: number }>) => list.map((c) => c.count);
    expect(counted(res.body.scholar_count)).toEqual(DEMO_INSTITUTIONS.map((i) => i.fields.scholars));
    expect(counted(res.body.fruit_count)).toEqual(DEMO_INSTITUTIONS.map((i) => i.fields.fruits));
    for (const list of [res.body.scholar_count, res.body.fruit_count]) expect(Math.min(...counted(list))).toBeGreaterThan(0);
    // a scholar's 成果 is the number of demo papers they wrote
    for (const s of DEMO_SCHOLARS) {
      expect(s.fields.fruits_total, s.title).toBe(DEMO_ARTICLES.filter((a) => (a.fields.author as string[]).includes(s.title)).length);
    }
  });

  it('gives the topic a two-level category tree', async () => {
    const { topicId } = await demoConfig();
    const res = await ctx.client().get(`/api/v1/topics/${topicId}/categories`);
    expect(res.status).toBe(200);
    const eng = res.body.find((n: { label: string }) => n.label === '工程技术');
    expect(eng.children.map((c: { label: string }) => c.label)).toEqual(expect.arrayContaining(['计算机科学', '电子信息']));
    expect(res.body.map((n: { label: string }) => n.label)).toEqual(expect.arrayContaining(['自然科学', '农业与环境科学']));
    const cs = await ctx
      .client()
      .post('/api/v4/modules/top-scholar', { offset: 0, count: 8, topicId, categoryLevelOne: '工程技术', categoryLevelTwo: '计算机科学' });
    expect(titles(cs.body)).toEqual(['林知远', '陈若溪']);
  });

  it('keys every resource with the demo: prefix', async () => {
    const rows = await ctx.db.selectFrom('resources').select('source_key').execute();
    expect(rows).toHaveLength(DEMO_RESOURCES.length);
    for (const r of rows) expect(r.source_key.startsWith('demo:')).toBe(true);
  });
});

describe('the demo notices', () => {
  it('answers the notices of the notice panel on top-notice, the pinned one first', async () => {
    const { applicationId } = await demoConfig();
    const res = await ctx.client().get(`/api/v1/modules/top-notice?applicationId=${applicationId}&moduleId=demo-notice&offset=0&count=8`);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(DEMO_NOTICES.length);
    expect(res.body.content[0]).toMatchObject({ title: '关于本站演示数据的说明', top: 1, type: '消息公告', moduleId: 'demo-notice' });
    const types = new Set(res.body.content.map((n: { type: string }) => n.type));
    expect([...types].sort()).toEqual(['人才招聘', '培训通知', '展览预告', '活动报道', '活动通知', '消息公告', '资源动态'].sort());
    const rest = res.body.content.slice(1).map((n: { publishDateTime: string }) => n.publishDateTime);
    expect(rest).toEqual([...rest].sort().reverse());
  });

  it('stores notice bodies as simple HTML without scripts or handlers', () => {
    for (const n of DEMO_NOTICES) {
      expect(n.content).toMatch(/^<p>/);
      expect(n.content).not.toMatch(/<script|\son\w+=|javascript:/i);
    }
  });
});

describe('the demo panels', () => {
  it('each read its first page non-empty, as the home page embeds them', async () => {
    const cfg = await demoConfig();
    const app = { id: cfg.applicationId as number, topic_id: cfg.topicId as number };
    let reads = 0;
    for (const m of cfg.homeConfig[0].template) {
      const def = definitionOf(m.type)!;
      expect(schemaOf(def.type)!.safeParse(m).success, m.type).toBe(true);
      for (const read of def.reads(m)) {
        const page = await readPanel({ db: ctx.db, app }, read);
        expect(page.content.length, `${m.type} ${read.key}`).toBeGreaterThan(0);
        reads++;
      }
    }
    expect(reads).toBeGreaterThanOrEqual(8);
  });

  it('shows the four portals in the link panel on one horizontal page', async () => {
    const link = (await demoConfig()).homeConfig[0].template.find((m: { type: string }) => m.type === 'link');
    expect(link).toMatchObject({ span: 5, direction: 'horizontal', dataSize: 4 });
  });
});

describe('the demo images', () => {
  const referenced = () => {
    const urls = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string' && v.startsWith('/demo/')) urls.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(DEMO_RESOURCES.map((r) => r.fields));
    walk(DEMO_SLIDES);
    walk(DEMO_PORTALS);
    return urls;
  };

  it('are our own small SVG files, each one used', () => {
    const urls = referenced();
    const files = fs.readdirSync(path.join(publicDir, 'demo')).map((f) => `/demo/${f}`);
    expect([...urls].sort()).toEqual([...files].sort());
    for (const url of urls) {
      const text = fs.readFileSync(path.join(publicDir, url), 'utf8');
      expect(text.length, url).toBeLessThan(3 * 1024);
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), url).toBe(true);
      expect(text.trimEnd().endsWith('</svg>'), url).toBe(true);
      expect(text, url).not.toMatch(/<script|\son\w+=|href="http|<image/i);
    }
  });

  it('print the ISSN of each journal on its cover', () => {
    for (const j of DEMO_JOURNALS) {
      const text = fs.readFileSync(path.join(publicDir, String(j.fields.cover)), 'utf8');
      expect(text, j.title).toContain(`ISSN ${String(j.fields.issn)}`);
    }
  });
});

describe('seeding again', () => {
  it('does nothing on a database that has an application', async () => {
    const before = await counts(ctx.db);
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    expect(await counts(ctx.db)).toEqual(before);
    expect(before).toMatchObject({ applications: 1, resources: DEMO_RESOURCES.length, notices: DEMO_NOTICES.length, topics: 1 });
  });

  it('leaves a database with another application untouched', async () => {
    const other = await freshDatabase();
    try {
      const t = new Date().toISOString();
      await other.db
        .insertInto('applications')
        .values({
          name: '已有站点',
          host: 'portal.example.cn',
          topic_id: null,
          logo: null,
          status: 'draft',
          home_config: '[]',
          header_config: '{}',
          footer_config: '{}',
          theme_config: '{}',
          created_by: null,
          created_at: t,
          updated_at: t,
        })
        .execute();
      expect(await seedDemoIfEmpty(other.db)).toBe(false);
      expect(await counts(other.db)).toMatchObject({ applications: 1, resources: 0, topics: 0, notices: 0, appLinks: 0 });
    } finally {
      await other.drop();
    }
  });
});
