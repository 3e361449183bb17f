/**
 * Citation export (decisions 270-273): resources as CSL-JSON, BibTeX, RIS and GB/T
 * 7714-2015 numeric text, on the real CSL Chinese scientific literature (imported with importFiles into
 * SQLite or PostgreSQL, read back with resourceById) and on hand-made items with the fields the real
 * data lacks (authors, journal, volume, issue, pages, DOI).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import { freshDatabase } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { importFiles } from '../import/run.js';
import { resourceById } from '../search/service.js';
import type { ResourceItem } from '../resources/present.js';
import { CSL_TYPE_OF_RESOURCE, cslTypeOf, parseNames, resourceToCsl } from './csl.js';
import { bibtexUri, cslToGbt7714, latexEscape, renderBibtex, renderCitations, renderGbt7714, renderRis } from './render.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cslFile = path.resolve(here, '../../../shared/data/csl-chinese-scientific-literature/csl_benchmark_devtest_joined.tsv');

/** BibTeX text read back by citation-js as CSL-JSON. */
const readBibtex = (text: string) => new Cite(text).data;

const article = (id: number, author: unknown, more: Record<string, unknown> = {}): ResourceItem => ({
  id,
  type: 'article',
  title: `测试论文${id}`,
  date: '2020-06-01',
  author,
  journal: '计算机学报',
  volume: 12,
  issue: '3',
  pages: '45-50',
  doi: '10.1234/atrium.2020.003',
  publish_year: 2020,
  ...more,
});

describe('GB/T 7714-2015 of hand-made articles', () => {
  it('one author: name, [J], journal, year, volume(issue): pages, DOI', async () => {
    expect(await renderGbt7714([article(1, ['张三'])])).toBe('[1] 张三. 测试论文1[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.\n');
  });

  it('three authors are all named', async () => {
    expect(await renderGbt7714([article(2, ['张三', '李四', '王五'])])).toBe(
      '[1] 张三, 李四, 王五. 测试论文2[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.\n',
    );
  });

  it('four authors: the first three, then 等', async () => {
    expect(await renderGbt7714([article(3, ['张三', '李四', '王五', '赵六'])])).toBe(
      '[1] 张三, 李四, 王五, 等. 测试论文3[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.\n',
    );
  });

  it('numbers a list in the order given, one reference a line', async () => {
    const text = await renderGbt7714([article(5, ['赵六']), article(4, '张三，李四、王五'), article(6, ['欧阳修远'])]);
    expect(text.split('\n')).toEqual([
      '[1] 赵六. 测试论文5[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.',
      '[2] 张三, 李四, 王五. 测试论文4[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.',
      '[3] 欧阳修远. 测试论文6[J]. 计算机学报, 2020, 12(3): 45-50. DOI:10.1234/atrium.2020.003.',
      '',
    ]);
  });

  it('without volume, issue, pages or DOI the punctuation closes up', async () => {
    const lines = (
      await renderGbt7714([
        article(7, ['张三'], { volume: null, doi: null }),
        article(8, ['张三'], { issue: undefined, doi: undefined, pages: '101–108' }),
        article(9, ['张三'], { volume: undefined, issue: undefined, pages: undefined, doi: 'https://doi.org/10.5555/x.1' }),
        { id: 10, type: 'article', title: '只有题名', date: null },
      ])
    )
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      '[1] 张三. 测试论文7[J]. 计算机学报, 2020(3): 45-50.',
      '[2] 张三. 测试论文8[J]. 计算机学报, 2020, 12: 101-108.',
      '[3] 张三. 测试论文9[J]. 计算机学报, 2020. DOI:10.5555/x.1.',
      '[4] 只有题名[J].',
    ]);
  });

  it('Western names: FAMILY initials, four or more → first three, et al.', async () => {
    const en: ResourceItem = {
      id: 11,
      type: 'article',
      title: 'Attention is all you need',
      date: '2017-12-04',
      publish_year: 2017,
      journal: 'Advances in Neural Information Processing Systems',
      volume: '30',
      pages: '5998-6008',
      authors: 'Ashish Vaswani; Noam Shazeer; Niki Parmar; Jakob Uszkoreit',
    };
    const two: ResourceItem = {
      id: 12,
      type: 'article',
      title: 'A short note',
      date: null,
      author: ['Smith, John Allen', 'Mary Ann Doe'],
      journal: 'Nature',
      publish_year: 2019,
      volume: '7',
      issue: '2',
      pages: '1-9',
    };
    expect((await renderGbt7714([en, two])).trimEnd().split('\n')).toEqual([
      '[1] VASWANI A, SHAZEER N, PARMAR N, et al. Attention is all you need[J]. Advances in Neural Information Processing Systems, 2017, 30: 5998-6008.',
      '[2] SMITH J A, DOE M A. A short note[J]. Nature, 2019, 7(2): 1-9.',
    ]);
  });

  it('keeps titles verbatim: straight quotes, -- and markup-like text are not rewritten', async () => {
    const title = '"外部性"问题与"科斯定理"--一个<b>伦理</b>追问';
    expect(await renderGbt7714([{ id: 13, type: 'article', title, date: null, author: ["O'Neil, Cathy"] }])).toBe(`[1] O’NEIL C. ${title}[J].\n`);
  });
});

describe('GB/T 7714-2015 of the other resource types', () => {
  const accessed = '2026-11-25';
  it('marks each document type and prints its source', async () => {
    const items: ResourceItem[] = [
      { id: 20, type: 'book', title: '国史旧闻', date: null, year: 2000, author: '陈登原', publisher: '中华书局', publisher_place: '北京', pages: '29' },
      {
        id: 21,
        type: 'report',
        title: '中国科技论文统计报告',
        date: '2021-03-01',
        author: ['中国科学技术信息研究所'],
        publisher: '科学技术文献出版社',
        publisher_place: '北京',
      },
      { id: 22, type: 'patent', title: '全智能节电器', date: '2006-12-13', author: ['邓一刚'], patent_no: '200610171314.3' },
      {
        id: 23,
        type: 'standard',
        title: '信息与文献 参考文献著录规则',
        date: '2015-05-15',
        standard_no: 'GB/T 7714—2015',
        publisher: '中国标准出版社',
        publisher_place: '北京',
        status: '现行',
      },
      { id: 24, type: 'conference', title: '2026 中文信息处理青年学者论坛', date: '2026-12-12', organizer: '东湖理工大学', city: '武汉' },
      {
        id: 25,
        type: 'news',
        title: '东湖理工大学开放中文科技文献知识图谱服务平台',
        date: '2026-11-18',
        source: '东湖理工大学',
        url: 'https://news.example.cn/1',
      },
      { id: 26, type: 'policy', title: '关于促进人工智能发展的若干政策', date: '2025-03-01', issuer: '国务院', docNumber: '国发〔2025〕1号' },
      { id: 27, type: 'sciencedata', title: '黄海浮标观测数据集', date: '2024-02-01', publisher: '蓝湾海洋研究院', url: 'https://data.example.cn/buoy' },
      { id: 28, type: 'project', title: '近海生态环境立体监测网络关键技术', date: '2024-09-01', author: ['苏青禾'] },
    ];
    expect((await renderGbt7714(items, { accessed })).trimEnd().split('\n')).toEqual([
      '[1] 陈登原. 国史旧闻[M]. 北京: 中华书局, 2000: 29.',
      '[2] 中国科学技术信息研究所. 中国科技论文统计报告[R]. 北京: 科学技术文献出版社, 2021.',
      '[3] 邓一刚. 全智能节电器: 200610171314.3[P]. 2006-12-13.',
      '[4] 信息与文献 参考文献著录规则: GB/T 7714—2015[S]. 北京: 中国标准出版社, 2015.',
      '[5] 东湖理工大学. 2026 中文信息处理青年学者论坛[C]. 武汉, 2026.',
      '[6] 东湖理工大学. 东湖理工大学开放中文科技文献知识图谱服务平台[EB/OL]. (2026-11-18)[2026-11-25]. https://news.example.cn/1.',
      '[7] 国务院. 关于促进人工智能发展的若干政策[EB/OL]. (2025-03-01)[2026-11-25].',
      '[8] 蓝湾海洋研究院. 黄海浮标观测数据集[DS]. (2024-02-01)[2026-11-25]. https://data.example.cn/buoy.',
      '[9] 苏青禾. 近海生态环境立体监测网络关键技术[EB/OL]. (2024-09-01)[2026-11-25].',
    ]);
  });

  it('theses [D] and papers in proceedings [C]// (CSL items, types no resource has yet)', async () => {
    expect(
      await cslToGbt7714([
        {
          id: 't',
          type: 'thesis',
          title: '面向中文信息处理的现代汉语并列结构研究',
          author: [{ literal: '吴云芳' }],
          publisher: '北京大学',
          'publisher-place': '北京',
          issued: { 'date-parts': [[2003]] },
        },
        {
          id: 'c',
          type: 'paper-conference',
          title: '会议论文题名',
          author: [{ literal: '张三' }, { literal: '李四' }],
          'container-title': '第三届全国实验流体力学学术会议论文集',
          publisher: '某出版社',
          'publisher-place': '天津',
          issued: { 'date-parts': [[1990]] },
          page: '12-15',
        },
      ]),
    ).toEqual([
      '[1] 吴云芳. 面向中文信息处理的现代汉语并列结构研究[D]. 北京: 北京大学, 2003.',
      '[2] 张三, 李四. 会议论文题名[C]//第三届全国实验流体力学学术会议论文集. 天津: 某出版社, 1990: 12-15.',
    ]);
  });
});

describe('CSL-JSON of a resource', () => {
  it('maps resource types to CSL types; every other type is a web page', () => {
    expect(CSL_TYPE_OF_RESOURCE).toEqual({
      article: 'article-journal',
      report: 'report',
      patent: 'patent',
      standard: 'standard',
      book: 'book',
      conference: 'paper-conference',
      sciencedata: 'dataset',
    });
    for (const t of ['news', 'policy', 'project', 'journal', 'institution', 'scholar', 'tool', 'job']) expect(cslTypeOf(t)).toBe('webpage');
  });

  it('keeps Chinese names whole, splits Western ones', () => {
    expect(parseNames(['欧阳修远', 'Smith, John', 'Mary Ann Doe', 'IEEE'])).toEqual([
      { literal: '欧阳修远' },
      { family: 'Smith', given: 'John' },
      { family: 'Doe', given: 'Mary Ann' },
      { literal: 'IEEE' },
    ]);
    expect(parseNames('张三, 李四；王五')).toEqual([{ literal: '张三' }, { literal: '李四' }, { literal: '王五' }]);
    expect(parseNames([{ name: '赵六' }, { family: '钱', given: '七' }, 7, null])).toEqual([{ literal: '赵六' }, { family: '钱', given: '七' }]);
    expect(parseNames(undefined)).toEqual([]);
  });

  it('carries the article fields', () => {
    const csl = resourceToCsl(article(30, ['张三', '李四'], { keywords: ['知识图谱', '实体识别'], abstract: '摘要', url: 'javascript:alert(1)' }));
    expect(csl).toEqual({
      id: 'atrium-30',
      'citation-key': 'atrium30',
      type: 'article-journal',
      title: '测试论文30',
      author: [{ literal: '张三' }, { literal: '李四' }],
      issued: { 'date-parts': [[2020]] },
      'container-title': '计算机学报',
      volume: '12',
      issue: '3',
      page: '45-50',
      DOI: '10.1234/atrium.2020.003',
      abstract: '摘要',
      keyword: '知识图谱,实体识别',
      language: 'zh',
    });
  });
});

describe('BibTeX and RIS of hand-made items', () => {
  const items = [
    article(40, ['张三', '李四', '王五', '赵六'], { keywords: ['知识图谱'] }),
    { id: 41, type: 'article', title: 'A {b} 50% $x$ #1 & c_d ~e^f \\g -- h', date: null, author: ['Smith, John'] } as ResourceItem,
  ];

  it('BibTeX: @article entries that read back to the same titles, authors, journal, DOI', async () => {
    const text = await renderBibtex(items);
    expect(text).toContain('@article{atrium40,');
    expect(text).toContain('author = {{张三} and {李四} and {王五} and {赵六}}');
    expect(text).toContain('title = {测试论文40}');
    expect(text).toContain('pages = {45--50}');
    const back = readBibtex(text);
    expect(back.map((b) => b.title)).toEqual(items.map((it) => it.title));
    expect(back[0].author).toEqual([{ family: '张三' }, { family: '李四' }, { family: '王五' }, { family: '赵六' }]);
    expect(back[0]['container-title']).toBe('计算机学报');
    expect(back[0].DOI).toBe('10.1234/atrium.2020.003');
    expect(back[0].volume).toBe('12');
    expect(back[0].issue).toBe('3');
  });

  it('BibTeX carries the abstract and keywords the RIS export carries (decision 425)', async () => {
    const item = article(42, ['张三'], { keywords: ['知识图谱', '实体_识别'], abstract: '本文研究 50% 的\n实体 {识别}。' });
    const text = await renderBibtex([item, items[1]]);
    expect(text).toContain('\tabstract = {本文研究 50\\% 的 实体 \\{识别\\}。},\n');
    expect(text).toContain('\tkeywords = {知识图谱,实体\\_识别},\n');
    const back = readBibtex(text);
    expect(back[0].abstract).toBe('本文研究 50% 的 实体 {识别}。');
    expect(back[0].keyword).toBe('知识图谱,实体_识别');
    expect(back[0].title).toBe('测试论文42');
    // an item without them has neither field, and the next entry is whole
    expect(back[1]).not.toHaveProperty('abstract');
    expect(back[1]).not.toHaveProperty('keyword');
    expect(back[1].title).toBe(items[1].title);
  });

  it('LaTeX specials are escaped', () => {
    expect(latexEscape('50% & a_b {c} --')).toBe('50\\% \\& a\\_b \\{c\\} -{}-');
    // markup-like text is not read as LaTeX commands with braces of their own (decision 417)
    expect(latexEscape('<i>a</b>')).toBe('\\textless{}i\\textgreater{}a\\textless{}/b\\textgreater{}');
    expect(bibtexUri('https://example.cn/}{\\x')).toBe('https://example.cn/%7D%7B%5Cx');
  });

  it('RIS: TY  - JOUR … ER  - , one line per author and keyword', async () => {
    const text = await renderRis(items);
    const records = text.split(/^ER {2}- *$/m).filter((r) => r.trim());
    expect(records).toHaveLength(2);
    expect(text.match(/^TY {2}- JOUR$/gm)).toHaveLength(2);
    expect(text).toContain('TI  - 测试论文40\n');
    expect(text.match(/^AU {2}- .+$/gm)?.slice(0, 4)).toEqual(['AU  - 张三', 'AU  - 李四', 'AU  - 王五', 'AU  - 赵六']);
    expect(text).toContain('T2  - 计算机学报\n');
    expect(text).toContain('DO  - 10.1234/atrium.2020.003\n');
    expect(text).toContain('KW  - 知识图谱\n');
    expect(text).toMatch(/^ER {2}- *$/m);
  });

  it('renderCitations names the content type and extension of each format', async () => {
    expect(await renderCitations([items[0]], 'bibtex')).toMatchObject({ contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' });
    expect(await renderCitations([items[0]], 'ris')).toMatchObject({ contentType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' });
    expect(await renderCitations([items[0]], 'gbt7714')).toMatchObject({ contentType: 'text/plain; charset=utf-8', extension: 'txt' });
  });
});

describe('the real CSL articles (imported)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let articles: ResourceItem[];
  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.db;
    drop = fresh.drop;
    const summary = await importFiles(db, 'articles', [cslFile], { topic: '中文科技文献' });
    expect(summary.inserted).toBeGreaterThan(1000);
    const rows = await db.selectFrom('resources').select('id').where('type', '=', 'article').orderBy('id').execute();
    // every 10th article: 200 real titles with their quotes, dashes, Latin words and formulas
    const ids = rows.filter((_r, i) => i % 10 === 0).map((r) => r.id);
    articles = (await Promise.all(ids.map((id) => resourceById(db, id, 'article', { all: true })))).filter((a): a is ResourceItem => !!a);
    expect(articles.length).toBe(ids.length);
  }, 120_000);
  afterAll(async () => {
    await drop?.();
  });

  it('GB/T 7714: [n] 题名[J]. for each (the data set has titles, no authors or journals)', async () => {
    for (let s = 0; s < articles.length; s += 100) {
      const page = articles.slice(s, s + 100);
      const lines = (await renderGbt7714(page)).trimEnd().split('\n');
      expect(lines).toEqual(page.map((a, i) => `[${i + 1}] ${a.title}[J].`));
    }
  });

  it('BibTeX reads back to the same titles and keywords', async () => {
    for (let s = 0; s < articles.length; s += 100) {
      const page = articles.slice(s, s + 100);
      const back = readBibtex(await renderBibtex(page));
      expect(back.map((b) => b.title)).toEqual(page.map((a) => a.title));
      expect(back.map((b) => b.id)).toEqual(page.map((a) => `atrium${a.id}`));
      expect(back.map((b) => b.keyword ?? null)).toEqual(
        page.map((a) => ((a.keywords as string[] | undefined)?.length ? (a.keywords as string[]).join(',') : null)),
      );
    }
  });

  it('RIS: a JOUR record per article with its title, abstract and keywords', async () => {
    const page = articles.slice(0, 100);
    const text = await renderRis(page);
    expect(text.match(/^TY {2}- JOUR$/gm)).toHaveLength(page.length);
    expect(text.match(/^ER {2}- *$/gm)).toHaveLength(page.length);
    for (const a of page) expect(text).toContain(`TI  - ${a.title}\n`);
    const first = page[0];
    for (const k of first.keywords as string[]) expect(text).toContain(`KW  - ${k}\n`);
    expect(text).toContain(`AB  - ${first.abstract as string}\n`);
  });
});

describe('RIS values stay on one line', () => {
  it('a 70-unit chunk, several, an exact multiple of 70, and an astral character across a break', async () => {
    const long = (n: number) => Array.from({ length: n }, (_v, i) => '测试摘要文本'[i % 6]).join('');
    const values = [long(69), long(70), long(71), long(140), long(200), `${long(69)}𠀀${long(80)}`];
    const text = await renderRis(values.map((abstract, i) => ({ id: 50 + i, type: 'article', title: `摘要${i}`, date: null, abstract })));
    const got = [...text.matchAll(/^AB {2}- (.*)$/gm)].map((m) => m[1]);
    expect(got).toEqual(values);
    expect(text.split('\n').every((l) => l === '' || /^[A-Z][A-Z0-9] {2}- ?/.test(l))).toBe(true);
  });
});
