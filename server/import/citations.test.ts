/**
 * The `bibtex` and `ris` imports (decision 274) on SQLite and
 * PostgreSQL, with the real records of fixtures/sample.bib and fixtures/sample.ris: the preview counts
 * and first items, the stored titles, authors (Chinese names whole, Western ones given name first),
 * dates and DOI keys, the entry without a title skipped with its line, re-imports updating, a broken
 * entry among good ones skipped, and files that are not BibTeX or RIS failing with nothing written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { ImportError, importFiles, previewImport } from './run.js';
import { RESOURCE_TYPE_OF_CSL } from './citations.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bib = path.join(here, 'fixtures', 'sample.bib');
const ris = path.join(here, 'fixtures', 'sample.ris');

let ctx: TestContext;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-citations-'));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let tmpN = 0;
/** Writes a temporary file and returns its path. */
function tmpFile(name: string, content: string): string {
  const dir = path.join(tmp, String(tmpN++));
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, name), content);
  return path.join(dir, name);
}
/** The 1-based line of the first line of `file` that starts with `prefix`. */
const lineOf = (file: string, prefix: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.startsWith(prefix)) + 1;

async function count(type?: string): Promise<number> {
  let q = ctx.db.selectFrom('resources').select((eb) => eb.fn.countAll<number>().as('n'));
  if (type) q = q.where('type', '=', type);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
async function byKey(type: string, key: string) {
  const r = await ctx.db.selectFrom('resources').selectAll().where('type', '=', type).where('source_key', '=', key).executeTakeFirstOrThrow();
  return { ...r, f: JSON.parse(r.fields) as { keywords?: string[]; author?: string[]; journal?: string } };
}
/** The one resource of a type with this title: a work without a DOI is keyed by its title and year, not its citation key (decision 350). */
async function byTitle(type: string, title: string) {
  const rows = await ctx.db.selectFrom('resources').selectAll().where('type', '=', type).where('title', '=', title).execute();
  expect(rows).toHaveLength(1);
  return { ...rows[0], f: JSON.parse(rows[0].fields) as { keywords?: string[]; author?: string[]; journal?: string } };
}
async function topicOf(resourceId: number) {
  const r = await ctx.db
    .selectFrom('resource_topics')
    .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
    .select('topics.title')
    .where('resource_id', '=', resourceId)
    .executeTakeFirstOrThrow();
  return r.title;
}
/** The ImportError of a promise, or fails. */
async function importError(p: Promise<unknown>): Promise<ImportError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportError);
  return err as ImportError;
}

describe('CSL type → resource type (decision 274), read from the resource-type registry', () => {
  it('is the map decision 274 wrote by hand', () => {
    expect(RESOURCE_TYPE_OF_CSL).toEqual({
      'article-journal': 'article',
      article: 'article',
      thesis: 'article',
      'paper-conference': 'article',
      book: 'book',
      report: 'report',
      patent: 'patent',
      standard: 'standard',
      webpage: 'news',
    });
  });
});

describe('bibtex', () => {
  const watsonLine = lineOf(bib, '@article{watson1953');
  const skippedReason = '条目 watson1953 没有标题（title），已跳过';

  it('previews the entries with their lines, types and dates, the one without a title skipped', async () => {
    const p = await previewImport('bibtex', bib);
    expect(p.read).toBe(9);
    expect(p.found).toBe(8);
    expect(p.items.map((i) => [i.line, i.type])).toEqual([
      [lineOf(bib, '@article{qian1990'), 'article'],
      [lineOf(bib, '@article{meng2013'), 'article'],
      [lineOf(bib, '@article{li2012'), 'article'],
      [lineOf(bib, '@article{lecun2015'), 'article'],
      [lineOf(bib, '@book{zhou2016'), 'book'],
      [lineOf(bib, '@book{goodfellow2016'), 'book'],
      [lineOf(bib, '@inproceedings{he2016'), 'article'],
      [lineOf(bib, '@phdthesis{nash1950'), 'article'],
    ]);
    expect(p.items[0]).toMatchObject({ title: '一个科学新领域——开放的复杂巨系统及其方法论', date: '1990', category: null });
    expect(p.items[0].fields).toEqual(['author', 'journal', 'publish_year', 'volume', 'issue', 'pages']);
    expect(p.items[3]).toMatchObject({ title: 'Deep learning', date: '2015-05' });
    expect(p.skipped).toEqual([{ line: watsonLine, reason: skippedReason }]);
    expect(await count()).toBe(0);
  });

  it('stores titles, authors, dates and keys in the topic, and updates them on a second import', async () => {
    const s = await importFiles(ctx.db, 'bibtex', [bib], { topic: '参考文献' });
    expect(s).toMatchObject({ kind: 'bibtex', read: 9, inserted: 8, updated: 0 });
    expect(s.skipped).toEqual([{ file: 'sample.bib', line: watsonLine, reason: skippedReason }]);

    const lecun = await byKey('article', '10.1038/nature14539');
    expect(lecun.title).toBe('Deep learning');
    expect(lecun.date).toBe('2015-05');
    expect(lecun.f).toMatchObject({
      author: ['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton'],
      journal: 'Nature',
      publish_year: 2015,
      volume: '521',
      issue: '7553',
      pages: '436-444',
      doi: '10.1038/nature14539',
      url: 'https://www.nature.com/articles/nature14539',
    });
    expect(lecun.search_text).toBe('Yann LeCun Yoshua Bengio Geoffrey Hinton Nature');
    expect(await topicOf(lecun.id)).toBe('参考文献');

    const qian = await byTitle('article', '一个科学新领域——开放的复杂巨系统及其方法论');
    expect(qian.title).toBe('一个科学新领域——开放的复杂巨系统及其方法论');
    expect(qian.f).toMatchObject({ author: ['钱学森', '于景元', '戴汝为'], journal: '自然杂志', volume: '13', issue: '1', pages: '3-10' });
    expect((await byTitle('article', '大数据管理：概念、技术与挑战')).f.keywords).toEqual(['大数据', '数据分析', '云计算']);
    expect((await byTitle('article', '大数据管理：概念、技术与挑战')).search_text).toBe('孟小峰 慈祥 大数据 数据分析 云计算 计算机研究与发展');

    // a DOI is a key in lower case, kept as written in the fields; a conference paper's proceedings are its journal
    const he = await byKey('article', '10.1109/cvpr.2016.90');
    expect(he.f).toMatchObject({
      doi: '10.1109/CVPR.2016.90',
      journal: '2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)',
      pages: '770-778',
    });
    expect(he.f.author).toEqual(['Kaiming He', 'Xiangyu Zhang', 'Shaoqing Ren', 'Jian Sun']);
    expect((await byTitle('article', 'Non-Cooperative Games')).f).toMatchObject({
      author: ['John Forbes Nash'],
      publisher: 'Princeton University',
      publish_year: 1950,
    });

    // books: the author as one text and the year, as the console edits books
    expect((await byTitle('book', '机器学习')).f).toMatchObject({ author: '周志华', year: 2016, publisher: '清华大学出版社', publisher_place: '北京' });
    const goodfellow = await byTitle('book', 'Deep Learning');
    expect(goodfellow.f).toMatchObject({ author: 'Ian Goodfellow、Yoshua Bengio、Aaron Courville', isbn: '978-0-262-03561-3', publisher: 'MIT Press' });
    expect(goodfellow.date).toBe('2016');

    const again = await importFiles(ctx.db, 'bibtex', [bib], { topic: '参考文献' });
    expect(again).toMatchObject({ read: 9, inserted: 0, updated: 8 });
    expect(again.skipped).toEqual(s.skipped);
    expect(await count()).toBe(8);
  });

  it('skips broken entries among good ones with their lines, and a repeated DOI', async () => {
    // real records (https://doi.org/10.1038/171737a0, Bell System Technical Journal 27(3), https://doi.org/10.1038/nm.2471,
    // Nature 171, 964-967), the third left unclosed and the last without the comma after its title
    const file = tmpFile(
      'mixed.bib',
      [
        '@string{bstj = {Bell System Technical Journal}}',
        '',
        '@article{watson1953,',
        '  title = {Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid},',
        '  year = 1953, doi = {10.1038/171737a0}',
        '}',
        '',
        '@article{tu2011,',
        '  title = {The discovery of artemisinin (qinghaosu) and gifts from Chinese medicine}, year = 2011',
        '',
        '@article{shannon1948,',
        '  title = {A Mathematical Theory of Communication}, journal = bstj, year = 1948',
        '}',
        '',
        '@article{watson1953b,',
        '  title = {Molecular structure of nucleic acids}, doi = {https://doi.org/10.1038/171737A0}',
        '}',
        '',
        '@article{watson1953c,',
        '  title = {Genetical Implications of the Structure of Deoxyribonucleic Acid}',
        '  year = 1953',
        '}',
        '',
      ].join('\n'),
    );
    const p = await previewImport('bibtex', file);
    expect(p).toMatchObject({ read: 5, found: 3 });
    expect(p.skipped).toEqual([
      { line: 8, reason: 'BibTeX 语法错误：条目没有结束（缺少右花括号 }），无法读取' },
      { line: 19, reason: 'BibTeX 语法错误，无法读取这一条目（第 21 行附近：expected "rbrace", got "identifier"）' },
    ]);
    const s = await importFiles(ctx.db, 'bibtex', [file], { topic: '参考文献' });
    expect(s.inserted).toBe(2);
    expect(s.skipped.map((k) => k.line)).toEqual([8, 15, 19]);
    expect(s.skipped[1].reason).toBe('与第 3 行是同一篇文献（DOI 10.1038/171737a0），已跳过');
    expect((await byKey('article', '10.1038/171737a0')).title).toBe('Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid');
    // the @string macro applies to the entries read one by one
    expect(await byTitle('article', 'A Mathematical Theory of Communication')).toMatchObject({
      date: '1948',
      f: { journal: 'Bell System Technical Journal' },
    });
  });

  it('keeps two papers that two libraries both call wang2020, and merges one paper under two keys (decision 350)', async () => {
    const before = await count('article');
    const first = tmpFile(
      'lib-a.bib',
      ['@article{wang2020,', '  title = {基于深度学习的图书馆文献推荐方法}, author = {王明}, year = 2020', '}', ''].join('\n'),
    );
    const second = tmpFile(
      'lib-b.bib',
      [
        '@article{wang2020,',
        '  title = {高校图书馆学科服务评价体系研究}, author = {王芳}, year = 2020',
        '}',
        '',
        '@article{WangM:2020,',
        '  title = {基于深度学习的图书馆文献推荐方法}, author = {王明}, journal = {图书情报工作}, year = 2020',
        '}',
        '',
        '@article{editorial2019,',
        '  title = {基于深度学习的图书馆文献推荐方法}, author = {王明}, year = 2019',
        '}',
        '',
      ].join('\n'),
    );
    expect(await importFiles(ctx.db, 'bibtex', [first], { topic: '参考文献' })).toMatchObject({ inserted: 1, updated: 0 });
    expect(await importFiles(ctx.db, 'bibtex', [second], { topic: '参考文献' })).toMatchObject({ inserted: 2, updated: 1 });
    expect(await count('article')).toBe(before + 3);
    // the other library's wang2020 did not overwrite the first one
    expect((await byTitle('article', '高校图书馆学科服务评价体系研究')).f.author).toEqual(['王芳']);
    // the same title and year under another key is the same paper, updated with what the second library knows
    const rows = await ctx.db
      .selectFrom('resources')
      .select(['date', 'fields'])
      .where('title', '=', '基于深度学习的图书馆文献推荐方法')
      .orderBy('date')
      .execute();
    expect(rows.map((r) => [r.date, (JSON.parse(r.fields) as { journal?: string }).journal ?? null])).toEqual([
      ['2019', null],
      ['2020', '图书情报工作'],
    ]);
  });

  it('fails a file that is not BibTeX, or has no entry it can read, and writes nothing', async () => {
    const before = await count();
    const garbage = tmpFile('notes.bib', '这不是参考文献文件，只是一段说明文字。\nTY  - JOUR\n');
    expect((await importError(previewImport('bibtex', garbage))).message).toBe('不是 BibTeX 文件：没有找到任何条目（条目应以 @article{引用键, 这样的行开始）');
    const err = await importError(importFiles(ctx.db, 'bibtex', [garbage], { topic: '不应创建的专题' }));
    expect(err.message).toContain('导入失败，没有写入任何数据');
    expect(err.message).toContain('不是 BibTeX 文件');
    const broken = tmpFile('broken.bib', '@article{a,\n  title = {没有结尾\n');
    expect((await importError(previewImport('bibtex', broken))).message).toMatch(/^无法读取这个 BibTeX 文件：第 1 行，BibTeX 语法错误/);
    expect(await count()).toBe(before);
    expect(await ctx.db.selectFrom('topics').select('id').where('title', '=', '不应创建的专题').executeTakeFirst()).toBeUndefined();
  });

  it('previews from the console (POST /api/v1/imports/preview)', async () => {
    const admin = await ctx.signIn('13500000091', 'super');
    const res = await admin.multipart('/api/v1/imports/preview', [
      { name: 'kind', value: 'bibtex' },
      { name: 'file', filename: 'sample.bib', data: fs.readFileSync(bib) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read: 9, found: 8, skipped: [{ line: lineOf(bib, '@article{watson1953') }] });
  });
});

describe('ris', () => {
  const tuLine = lineOf(ris, 'AU  - Tu, Youyou') - 1;

  it('previews the records with their lines, types and dates, the one without a title skipped', async () => {
    const p = await previewImport('ris', ris);
    expect(p.read).toBe(8);
    expect(p.found).toBe(7);
    const starts = fs
      .readFileSync(ris, 'utf8')
      .split('\n')
      .flatMap((l, i) => (l.startsWith('TY  - ') ? [i + 1] : []));
    expect(p.items.map((i) => i.line)).toEqual(starts.slice(0, 7));
    expect(p.items.map((i) => i.type)).toEqual(['article', 'article', 'article', 'article', 'book', 'article', 'report']);
    expect(p.items[0]).toMatchObject({ title: '大数据管理：概念、技术与挑战', date: '2013' });
    expect(p.items[2]).toMatchObject({ title: 'Mastering the game of Go with deep neural networks and tree search', date: '2016-01-28' });
    expect(p.skipped).toEqual([{ line: tuLine, reason: '记录没有标题（TI 或 T1），已跳过' }]);
    expect(tuLine).toBe(starts[7]);
  });

  it('stores titles, authors, dates and keys, and updates them on a second import', async () => {
    // two of the records are in sample.bib too (imported again here, so this test stands alone)
    await importFiles(ctx.db, 'bibtex', [bib], { topic: '参考文献' });
    const before = await count();
    const s = await importFiles(ctx.db, 'ris', [ris], { topic: '参考文献' });
    // 大数据管理 (2013) and 一个科学新领域 (1990) came with sample.bib under BibTeX keys: the same papers, updated (decision 350)
    expect(s).toMatchObject({ kind: 'ris', read: 8, inserted: 5, updated: 2 });
    expect(s.skipped).toEqual([{ file: 'sample.ris', line: tuLine, reason: '记录没有标题（TI 或 T1），已跳过' }]);
    expect(await count()).toBe(before + 5);

    const go = await byKey('article', '10.1038/nature16961');
    expect(go.date).toBe('2016-01-28');
    expect(go.f.author).toHaveLength(20);
    expect(go.f.author?.slice(0, 6)).toEqual(['David Silver', 'Aja Huang', 'Chris J. Maddison', 'Arthur Guez', 'Laurent Sifre', 'George van den Driessche']);
    expect(go.f).toMatchObject({ journal: 'Nature', volume: '529', issue: '7587', pages: '484-489', doi: '10.1038/nature16961', publish_year: 2016 });
    expect(await topicOf(go.id)).toBe('参考文献');

    const lstm = await byKey('article', '10.1162/neco.1997.9.8.1735');
    expect(lstm).toMatchObject({ title: 'Long Short-Term Memory', date: '1997-11-15' });
    expect(lstm.f.author).toEqual(['Sepp Hochreiter', 'Jürgen Schmidhuber']);

    const meng = await byTitle('article', '大数据管理：概念、技术与挑战');
    expect(meng.f).toMatchObject({ author: ['孟小峰', '慈祥'], journal: '计算机研究与发展', keywords: ['大数据', '数据分析', '云计算'], pages: '146-169' });
    // the record's ID is its key; a conference paper is an article with its proceedings as journal
    const attention = await byTitle('article', 'Attention Is All You Need');
    expect(attention.f).toMatchObject({
      journal: 'Advances in Neural Information Processing Systems 30',
      pages: '5998-6008',
      url: 'https://arxiv.org/abs/1706.03762',
    });
    expect(attention.f.author).toContain('Łukasz Kaiser');
    expect((await byTitle('book', '统计学习方法')).f).toMatchObject({ author: '李航', publisher: '清华大学出版社', year: 2012 });
    expect((await byTitle('report', 'Science, the Endless Frontier: A Report to the President')).f).toMatchObject({
      author: ['Vannevar Bush'],
      publish_year: 1945,
    });

    const again = await importFiles(ctx.db, 'ris', [ris], { topic: '参考文献' });
    expect(again).toMatchObject({ read: 8, inserted: 0, updated: 7 });
    expect(await count()).toBe(before + 5);
  });

  it('fails a file that is not RIS and writes nothing', async () => {
    const before = await count();
    const garbage = tmpFile('notes.ris', '@article{x, title = {这是 BibTeX，不是 RIS}}\n');
    expect((await importError(previewImport('ris', garbage))).message).toMatch(/^不是 RIS 文件：没有找到任何记录/);
    const err = await importError(importFiles(ctx.db, 'ris', [garbage]));
    expect(err.message).toContain('不是 RIS 文件');
    expect(await count()).toBe(before);
  });
});
