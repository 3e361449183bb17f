/** decisions 510-512: BibTeX and RIS imports keep the date at the precision the source
 * gives (2024, 2024-03, a full day) and give an imported report its 报告类型. On both databases:
 * the stored rows, the search answer's date (explore), the newest-first order, the report detail's
 * date and type, and the BibTeX / RIS export read back through the importer keeping the precision.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from '../test/harness.js';
import { importFiles } from './run.js';
import { loadCitationJs } from '../citations/citationJs.js';
import { parseBibtex, parseRis } from './citations.js';
import { parseArticles } from './articles.js';
import { REPORT_TYPES, reportTypeOfGenre } from '../../common/reports.js';
import { formatDate } from '../../modules/kit/format.js';

const BIB = `@article{y1,
  title = {仅有年份的论文},
  author = {王, 小明},
  journal = {计算机学报},
  year = {2024}
}
@article{ym1,
  title = {Year and month paper},
  author = {Smith, Jane},
  journal = {Journal of Dates},
  year = {2024},
  month = mar
}
@article{ymd1,
  title = {Full day paper},
  journal = {Journal of Dates},
  date = {2024-05-06}
}
@techreport{tr1,
  title = {人工智能技术发展报告},
  author = {李, 四},
  institution = {科技情报研究所},
  year = {2022}
}
@report{r2,
  title = {某地区年度报告},
  institution = {某研究院},
  year = {2023},
  month = jun
}
`;

const RIS = `TY  - JOUR
TI  - RIS year only
AU  - Zhang, San
PY  - 2021
JO  - RIS Journal
ER  - 

TY  - JOUR
TI  - RIS year month
PY  - 2020/07//
DA  - 2020/07
JO  - RIS Journal
ER  - 

TY  - RPRT
TI  - 行业咨询报告二〇一九
PY  - 2019
M3  - 咨询报告
PB  - 咨询机构
ER  - 

TY  - RPRT
TI  - Untyped report
PY  - 2018
ER  - 
`;

let ctx: TestContext;
let admin: Client;
let topicId: number;
let appId: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-dates-'));

beforeAll(async () => {
  ctx = await createTestContext();
  const bib = path.join(tmp, 'dates.bib');
  const ris = path.join(tmp, 'dates.ris');
  fs.writeFileSync(bib, BIB);
  fs.writeFileSync(ris, RIS);
  expect(await importFiles(ctx.db, 'bibtex', [bib], { topic: '日期精度' })).toMatchObject({ inserted: 5, skipped: [] });
  expect(await importFiles(ctx.db, 'ris', [ris], { topic: '日期精度' })).toMatchObject({ inserted: 4, skipped: [] });
  topicId = (await ctx.db.selectFrom('topics').select('id').where('title', '=', '日期精度').executeTakeFirstOrThrow()).id;
  admin = await ctx.signIn('13500000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '日期站点', host: 'dates.example.cn', topicId })).body.applicationId;
  await releaseApplication(admin, appId);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function row(title: string) {
  const r = await ctx.db.selectFrom('resources').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
  return { ...r, f: JSON.parse(r.fields) as Record<string, unknown> };
}

const EXPECTED: [string, string, string | null][] = [
  ['仅有年份的论文', 'article', '2024'],
  ['Year and month paper', 'article', '2024-03'],
  ['Full day paper', 'article', '2024-05-06'],
  ['人工智能技术发展报告', 'report', '2022'],
  ['某地区年度报告', 'report', '2023-06'],
  ['RIS year only', 'article', '2021'],
  ['RIS year month', 'article', '2020-07'],
  ['行业咨询报告二〇一九', 'report', '2019'],
  ['Untyped report', 'report', '2018'],
];

describe('imported dates keep the source precision (decision 510)', () => {
  it('stores yyyy, yyyy-MM or yyyy-MM-dd as the entry gives it, in the row and its topic order key', async () => {
    for (const [title, type, date] of EXPECTED) {
      const r = await row(title);
      expect([r.title, r.type, r.date]).toEqual([title, type, date]);
      const link = await ctx.db.selectFrom('resource_topics').select('date_key').where('resource_id', '=', r.id).executeTakeFirstOrThrow();
      expect(link.date_key).toBe(date);
    }
    expect((await row('Year and month paper')).f.publish_year).toBe(2024);
  });

  it('search (explore) answers the date as stored, shown as 2024 / 2024-03, newest first with a year among its year', async () => {
    const r = await ctx.client().get(`/api/v1/search?q=&topicId=${topicId}&type=article&size=50`);
    expect(r.status).toBe(200);
    const items = r.body.content as { title: string; date: string | null }[];
    expect(items.map((it) => [it.title, it.date])).toEqual([
      ['Full day paper', '2024-05-06'],
      ['Year and month paper', '2024-03'],
      ['仅有年份的论文', '2024'],
      ['RIS year only', '2021'],
      ['RIS year month', '2020-07'],
    ]);
    expect(items.map((it) => formatDate(it.date))).toEqual(['2024-05-06', '2024-03', '2024', '2021', '2020-07']);
  });

  it('a CSL TSV year is stored as the year too', () => {
    const { items } = parseArticles('title\tyear\n有年份的论文\t2023\n无年份的论文\t\n', 'a.tsv');
    expect(items.map((it) => [it.title, it.date, it.fields.publish_year])).toEqual([
      ['有年份的论文', '2023', 2023],
      ['无年份的论文', null, null],
    ]);
  });
});

describe('imported reports (decision 511)', () => {
  it('maps the report type from the entry, else 其他, and shows the date as given', async () => {
    const want: [string, string, string, string | null][] = [
      ['人工智能技术发展报告', '技术报告', '2022', '科技情报研究所'],
      ['某地区年度报告', '其他', '2023-06', '某研究院'],
      ['行业咨询报告二〇一九', '咨询报告', '2019', '咨询机构'],
      ['Untyped report', '其他', '2018', null],
    ];
    for (const [title, reportType, date, institution] of want) {
      const r = await row(title);
      expect(REPORT_TYPES).toContain(r.f.reportType);
      const d = await ctx.client().get(`/api/v1/reports/${r.id}?applicationId=${appId}`);
      expect(d.status).toBe(200);
      expect(d.body).toMatchObject({ title, date, reportType });
      expect(formatDate(d.body.date)).toBe(date);
      if (institution) expect(r.f.institution).toBe(institution);
    }
    const list = await ctx.client().get(`/api/v1/reports?applicationId=${appId}&type=${encodeURIComponent('技术报告')}`);
    expect(list.body.content.map((x: { title: string }) => x.title)).toEqual(['人工智能技术发展报告']);
  });

  it('saves from the console as imported: the year stays a year until a day is given; a wrong month is refused', async () => {
    const r = await row('人工智能技术发展报告');
    const put = (date: string) =>
      admin.put(`/api/v1/topics/${topicId}/resources/${r.id}`, {
        title: r.title,
        date,
        fields: { reportType: r.f.reportType, author: r.f.author, institution: r.f.institution },
      });
    expect((await put('2022')).status).toBe(200);
    expect((await row(r.title)).date).toBe('2022');
    expect((await put('2022-13')).body.error.fields).toMatchObject({ 'body.date': '日期格式应为 yyyy-MM-dd' });
    expect((await put('2022-09-15')).status).toBe(200);
    expect((await row(r.title)).date).toBe('2022-09-15');
    expect((await put('2022')).status).toBe(200);
  });

  it('reads a genre in Chinese or English', () => {
    expect(reportTypeOfGenre('techreport')).toBe('技术报告');
    expect(reportTypeOfGenre('Technical Report')).toBe('技术报告');
    expect(reportTypeOfGenre('年度报告')).toBe('年度报告');
    expect(reportTypeOfGenre('Annual report')).toBe('年度报告');
    expect(reportTypeOfGenre('')).toBe('其他');
    expect(reportTypeOfGenre(null)).toBe('其他');
    expect(reportTypeOfGenre('小说')).toBe('其他');
  });
});

describe('citation export keeps the precision (decision 512)', () => {
  it('BibTeX and RIS exports read back to the same dates and report type', async () => {
    const ids: number[] = [];
    for (const [title] of EXPECTED) ids.push((await row(title)).id);
    const lib = await loadCitationJs();
    for (const [format, parse] of [
      ['bibtex', parseBibtex],
      ['ris', parseRis],
    ] as const) {
      const r = await ctx.client().get(`/api/v1/citations?ids=${ids.join(',')}&format=${format}`);
      expect(r.status).toBe(200);
      expect(r.text).not.toMatch(/-01-01|day\s*=/);
      const back = parse(lib, r.text).items;
      // an article's full day is cited as its publish_year (the article rule of decision 270: its date may be the
      // site's 发布日期); a year or year-month of that year is cited as given, never with a day
      const cited = EXPECTED.map(([t, type, date]) => [t, type, t === 'Full day paper' ? '2024' : date]);
      expect(back.map((it) => [it.title, it.type, it.date])).toEqual(cited);
      expect(back.find((it) => it.title === '人工智能技术发展报告')?.fields.reportType).toBe('技术报告');
      expect(back.find((it) => it.title === '人工智能技术发展报告')?.fields.institution).toBe('科技情报研究所');
    }
  });
});
