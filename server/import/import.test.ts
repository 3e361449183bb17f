/**
 * The import command on the real catalogues of ../shared/data (read in place, never copied into the
 * repository), on SQLite and PostgreSQL (freshDatabase): row counts, re-imports, broken rows, files that
 * cannot be read, reordered columns, byte order marks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { DEFAULT_TOPIC, ImportError, formatSummary, importFiles, type ImportSummary } from './run.js';
import { runImportCommand } from './command.js';
import { parseConferenceDate, parsePlace } from './conferences.js';
import { readTable } from './table.js';
import { titleKey } from './types.js';
import { MSG } from '../../common/messages.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = path.resolve(repoRoot, '../shared/data');
const hasData = fs.existsSync(path.join(data, 'csrankings-scholars'));
if (!hasData) console.warn(`导入测试跳过了真实数据部分：找不到 ${data}`);

const csl = path.join(data, 'csl-chinese-scientific-literature');
const devtest = path.join(csl, 'csl_benchmark_devtest_joined.tsv');
const train = path.join(csl, 'csl_benchmark_train_title_category.tsv');
const conferencesCsv = path.join(data, 'ccf-deadlines-conferences', 'conferences_flat.csv');
const moe = path.join(data, 'moe-china-universities-2025', 'moe_universities_2025.csv');
const scholarsDir = path.join(data, 'csrankings-scholars');
const jcr = path.join(data, 'showjcr-journal-lists');
const journalFiles = ['FQBJCR2025-UTF8.csv', 'CCF2026-UTF8.csv', 'CCFT2025-UTF8.csv', 'CCFChinese2019-UTF8.csv'].map((f) => path.join(jcr, f));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let tmpN = 0;
/** Writes a temporary file and returns its path. */
function tmpFile(name: string, content: string | Buffer): string {
  const dir = path.join(tmp, String(tmpN++));
  fs.mkdirSync(dir);
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}
const lines = (file: string) => fs.readFileSync(file, 'utf8').split(/\r?\n/);

async function count(db: Db, type?: string): Promise<number> {
  let q = db.selectFrom('resources').select((eb) => eb.fn.countAll<number>().as('n'));
  if (type) q = q.where('type', '=', type);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
async function byKey(db: Db, type: string, key: string) {
  const r = await db.selectFrom('resources').selectAll().where('type', '=', type).where('source_key', '=', key).executeTakeFirst();
  return r ? { ...r, f: JSON.parse(r.fields) as Record<string, any> } : undefined;
}
async function linkOf(db: Db, resourceId: number) {
  return db
    .selectFrom('resource_topics')
    .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
    .select(['topics.title', 'category_one', 'category_two'])
    .where('resource_id', '=', resourceId)
    .executeTakeFirstOrThrow();
}
/** The import wrote exactly `read - skipped` rows of the type, and says so. */
async function expectCounts(db: Db, s: ImportSummary, type: string) {
  expect(s.inserted + s.updated).toBe(s.read - s.skipped.length);
  expect(await count(db, type)).toBe(s.read - s.skipped.length);
}
/** A second import of the same files creates nothing and updates every row. */
async function expectReimport(db: Db, kind: string, files: string[], first: ImportSummary, type: string, topic?: string) {
  const before = await count(db);
  const again = await importFiles(db, kind, files, { topic });
  expect(again.inserted).toBe(0);
  expect(again.updated).toBe(first.read - first.skipped.length);
  expect(again.skipped).toEqual(first.skipped);
  expect(await count(db)).toBe(before);
  expect(await count(db, type)).toBe(first.read - first.skipped.length);
}

describe.runIf(hasData)('articles (CSL TSV)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  it('imports both files into the default topic, two-level categories, one repeated title skipped', async () => {
    const s = await importFiles(db, 'articles', [devtest, train]);
    expect(s.read).toBe(10000);
    expect(s.topic).toBe(DEFAULT_TOPIC);
    expect(s.skipped).toEqual([{ file: 'csl_benchmark_train_title_category.tsv', line: 7775, reason: expect.stringContaining('第 7148 行') }]);
    expect(s.inserted).toBe(9999);
    await expectCounts(db, s, 'article');
    const first = lines(devtest)[1].split('\t');
    const a = (await byKey(db, 'article', titleKey(first[1])))!;
    expect(a.title).toBe('一种基于平方和优化的飞行器大角度机动镇定控制器设计方法');
    expect(a.f).toMatchObject({ discipline: '兵器科学与技术', category: '工学', publish_year: null });
    expect(a.f.keywords).toEqual(['修正Rodrigues参数模型', '平方和优化', '大角度机动', 'Lyapunov函数']);
    expect(a.f.abstract).toMatch(/^采用修正的Rodrigues参数/);
    expect(await linkOf(db, a.id)).toEqual({ title: DEFAULT_TOPIC, category_one: '工学', category_two: '兵器科学与技术' });
    const firstLevel = await db.selectFrom('categories').select('label').where('parent_id', 'is', null).execute();
    expect(firstLevel.map((c) => c.label).sort()).toEqual(
      ['历史学', '医学', '军事学', '农学', '哲学', '工学', '教育学', '文学', '法学', '理学', '管理学', '经济学', '艺术学'].sort(),
    );
    await expectReimport(db, 'articles', [devtest, train], s, 'article');
  });

  it('finds columns by header name: a copy without `split`, columns reordered, imports the same', async () => {
    const src = lines(devtest)
      .slice(0, 41)
      .map((l) => l.split('\t')); // header + 40 rows
    const order = ['category', 'keywords', 'title', 'discipline', 'abstract'];
    const idx = order.map((c) => src[0].indexOf(c));
    const file = tmpFile('reordered.tsv', src.map((r) => idx.map((i) => r[i]).join('\t')).join('\n') + '\n');
    const before = await db
      .selectFrom('resources')
      .select(['source_key', 'title', 'fields'])
      .where('type', '=', 'article')
      .where(
        'source_key',
        'in',
        src.slice(1).map((r) => titleKey(r[1])),
      )
      .orderBy('source_key')
      .execute();
    expect(before).toHaveLength(40);
    const s = await importFiles(db, 'articles', [file]);
    expect(s).toMatchObject({ read: 40, inserted: 0, updated: 40, skipped: [] });
    const after = await db
      .selectFrom('resources')
      .select(['source_key', 'title', 'fields'])
      .where('type', '=', 'article')
      .where(
        'source_key',
        'in',
        src.slice(1).map((r) => titleKey(r[1])),
      )
      .orderBy('source_key')
      .execute();
    expect(after).toEqual(before);
  });

  it('skips a broken row (wrong column count, empty title) with its line number and imports the rest', async () => {
    const src = lines(devtest);
    const rows = [src[0], src[1], src[2], 'dev\t只有三列\t摘要', src[3], `dev\t\t摘要\t关键词\t学科\t工学`, '', src[4]];
    const file = tmpFile('broken.tsv', rows.join('\n') + '\n');
    const s = await importFiles(db, 'articles', [file], { topic: '坏行测试' });
    expect(s.read).toBe(6);
    expect(s.skipped).toEqual([
      { file: 'broken.tsv', line: 4, reason: '列数不对：应为 6 列，实为 3 列' },
      { file: 'broken.tsv', line: 6, reason: '标题为空' },
    ]);
    expect(s.inserted + s.updated).toBe(4);
    const linked = await db
      .selectFrom('resource_topics')
      .innerJoin('topics', 'topics.id', 'resource_topics.topic_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('topics.title', '=', '坏行测试')
      .executeTakeFirstOrThrow();
    expect(Number(linked.n)).toBe(4);
  });
});

describe.runIf(hasData)('conferences (ccf-deadlines)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  it('imports every edition with parsed dates and places, CCF category in Chinese', async () => {
    const s = await importFiles(db, 'conferences', [conferencesCsv], { topic: '学术会议' });
    expect(s).toMatchObject({ read: 1161, skipped: [], inserted: 1161 });
    await expectCounts(db, s, 'conference');
    const aaai = (await byKey(db, 'conference', 'aaai22'))!;
    expect(aaai.title).toBe('AAAI 2022');
    expect(aaai.date).toBe('2022-02-22');
    expect(aaai.f).toMatchObject({
      logo: null,
      start_date: '2022-02-22',
      end_date: '2022-03-01',
      city: 'Vancouver',
      state: 'British Columbia',
      country: 'Canada',
      address: 'Vancouver, British Columbia, Canada',
      rank_ccf: 'A',
      description: 'AAAI Conference on Artificial Intelligence',
    });
    expect(await linkOf(db, aaai.id)).toEqual({ title: '学术会议', category_one: '人工智能', category_two: 'CCF A类' });
    // ids the source repeats get a stable qualified key; nothing is lost
    expect(await byKey(db, 'conference', 'fse23@SE-2023')).toBeDefined();
    expect(await byKey(db, 'conference', 'fse23@SC-2023')).toBeDefined();
    const dated = await db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'conference')
      .where('date', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(dated.n)).toBeGreaterThan(1100);
    await expectReimport(db, 'conferences', [conferencesCsv], s, 'conference', '学术会议');
  });

  it('parses the free-text dates and places of the source', () => {
    expect(parseConferenceDate('February 22 - March 1, 2022')).toEqual({ start: '2022-02-22', end: '2022-03-01' });
    expect(parseConferenceDate('July 17-19, 2026')).toEqual({ start: '2026-07-17', end: '2026-07-19' });
    expect(parseConferenceDate('29 June - 2 July, 2026')).toEqual({ start: '2026-06-29', end: '2026-07-02' });
    expect(parseConferenceDate('Feb 25-Mar 01, 2023')).toEqual({ start: '2023-02-25', end: '2023-03-01' });
    expect(parseConferenceDate('November 22-26 2026')).toEqual({ start: '2026-11-22', end: '2026-11-26' });
    expect(parseConferenceDate('April 8, 2026')).toEqual({ start: '2026-04-08', end: '2026-04-08' });
    expect(parseConferenceDate('August, 2022')).toEqual({ start: null, end: null });
    expect(parseConferenceDate('TBD', 2025)).toEqual({ start: null, end: null });
    expect(parsePlace('Seattle, WA, USA')).toMatchObject({ city: 'Seattle', state: 'WA', country: 'USA', country_zh: '美国' });
    expect(parsePlace('Long Beach, CA')).toMatchObject({ city: 'Long Beach', state: 'CA', country: 'USA' });
    expect(parsePlace('Hong Kong, China')).toMatchObject({ city: 'Hong Kong', country: 'China' });
    expect(parsePlace('Virtual')).toEqual({ city: null, state: null, country: null, country_zh: null });
  });
});

describe.runIf(hasData)('institutions (MOE list)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  it('imports the 2,919 universities keyed by their MOE code, province → level', async () => {
    const s = await importFiles(db, 'institutions', [moe]);
    expect(s).toMatchObject({ read: 2919, skipped: [], inserted: 2919 });
    await expectCounts(db, s, 'institution');
    const pku = (await byKey(db, 'institution', '4111010001'))!;
    expect(pku.title).toBe('北京大学');
    expect(pku.f).toEqual({
      logo: null,
      institution: '北京大学',
      code: '4111010001',
      authority: '教育部',
      location: '北京市',
      level: '本科',
      note: null,
      province: '北京市',
      scholars: 0,
      fruits: 0,
    });
    expect(await linkOf(db, pku.id)).toEqual({ title: DEFAULT_TOPIC, category_one: '北京市', category_two: '本科' });
    await expectReimport(db, 'institutions', [moe], s, 'institution');
  });

  it('reports a row with a wrong column count and a broken quote by line, imports the rest', async () => {
    const src = lines(moe);
    const rows = [src[0], src[1], src[2], '9999,坏行,只有三列', src[3], `10000,"未闭合的引号,4100000000,教育部,北京市,本科,,北京市`, src[4], src[5]];
    const file = tmpFile('moe-broken.csv', rows.join('\r\n') + '\r\n');
    const s = await importFiles(db, 'institutions', [file], { topic: '坏行测试' });
    expect(s.read).toBe(7);
    expect(s.skipped.map((k) => k.line)).toEqual([4, 6]);
    expect(s.skipped[0].reason).toBe('列数不对：应为 8 列，实为 3 列');
    expect(s.skipped[1].reason).toContain('引号');
    expect(s.updated).toBe(5); // the five good rows were there already
    expect(await count(db, 'institution')).toBe(2919);
  });
});

describe.runIf(hasData)('scholars (CSRankings, 26 files)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const files = fs.existsSync(scholarsDir)
    ? fs
        .readdirSync(scholarsDir)
        .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
        .sort()
        .map((f) => path.join(scholarsDir, f))
    : [];
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  it('imports every row but the name variants of one person, each linked to an institution', async () => {
    expect(files).toHaveLength(26);
    const s = await importFiles(db, 'scholars', files, { topic: '计算机科学' });
    expect(s.read).toBe(28443);
    await expectCounts(db, s, 'scholar');
    expect(s.skipped.length).toBeGreaterThan(4000);
    expect(s.skipped.every((k) => /同一学者/.test(k.reason))).toBe(true);
    expect(s.related).toMatchObject({ label: '机构', inserted: 648 });
    // first name wins, the variants are kept on it
    const kalinka = (await byKey(db, 'scholar', 'http://conteudo.icmc.usp.br/pessoas/kalinka'))!;
    expect(kalinka.title).toBe('Kalinka Branco');
    expect(kalinka.f.name_variants).toEqual(expect.arrayContaining(['Kalinka Castelo Branco']));
    // a department page shared by many different people does not merge them
    const dtu = await db
      .selectFrom('resources')
      .select('title')
      .where('type', '=', 'scholar')
      .where('source_key', 'like', 'https://www.compute.dtu.dk/english%')
      .execute();
    expect(dtu.length).toBeGreaterThan(100);
    // listing fields and the institution link
    const yao = (await byKey(db, 'scholar', 'http://iiis.tsinghua.edu.cn/yao'))!;
    expect(yao.f).toMatchObject({
      avatar: null,
      institution: 'Tsinghua University',
      research_field: '',
      fruits_total: 0,
      country: '中国',
      homepage: 'http://iiis.tsinghua.edu.cn/yao',
    });
    // the DBLP number of namesakes is kept out of the shown name
    const siddique = await db
      .selectFrom('resources')
      .select('fields')
      .where('type', '=', 'scholar')
      .where('title', '=', 'A. B. Siddique')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(siddique.fields).dblp_name).toBe('A. B. Siddique 0001');
    const inst = await db.selectFrom('resources').select(['title', 'source_key', 'fields']).where('id', '=', yao.f.institutionId).executeTakeFirstOrThrow();
    expect(inst).toMatchObject({ title: 'Tsinghua University', source_key: 'csrankings:Tsinghua University' });
    expect(JSON.parse(inst.fields).scholars).toBeGreaterThan(100);
    expect(await linkOf(db, yao.id)).toEqual({ title: '计算机科学', category_one: '中国', category_two: 'Tsinghua University' });
    const unlinked = await db.selectFrom('resources').select('fields').where('type', '=', 'scholar').execute();
    expect(unlinked.filter((r) => typeof JSON.parse(r.fields).institutionId !== 'number')).toHaveLength(0);
    const instCount = await count(db, 'institution');
    await expectReimport(db, 'scholars', files, s, 'scholar', '计算机科学');
    expect(await count(db, 'institution')).toBe(instCount);
  });

  it('links to an institution of the same name imported from another catalogue instead of making one', async () => {
    const jsonl = tmpFile('inst.jsonl', `${JSON.stringify({ type: 'institution', title: '测试大学', key: 'moe:test', fields: { logo: null } })}\n`);
    await importFiles(db, 'jsonl', [jsonl]);
    const csv = tmpFile('csrankings-q.csv', 'name,affiliation,homepage,scholarid\n张测试,测试大学,https://example.edu.cn/zhang,NOSCHOLARPAGE\n');
    const s = await importFiles(db, 'scholars', [csv]);
    expect(s.related).toMatchObject({ inserted: 0, updated: 0 });
    const zhang = (await byKey(db, 'scholar', 'https://example.edu.cn/zhang'))!;
    expect(zhang.f.institutionId).toBe((await byKey(db, 'institution', 'moe:test'))!.id);
  });

  it('links a Chinese university listed in English to its MOE record: 清华大学 lists its scholars', async () => {
    const { db: fresh, drop } = await freshDatabase();
    try {
      await importFiles(fresh, 'institutions', [moe]);
      // two real CSRankings rows (csrankings-a.csv) of one person, and one of an affiliation without a Chinese name
      const csv = tmpFile(
        'csrankings-t.csv',
        'name,affiliation,homepage,scholarid\nAndrew C. Yao,Tsinghua University,http://iiis.tsinghua.edu.cn/yao,NOSCHOLARPAGE\nA Min Tjoa,TU Wien,http://www.ifs.tuwien.ac.at/tjoa,x8qCMhcAAAAJ\n',
      );
      await importFiles(fresh, 'scholars', [csv]);
      const yao = (await byKey(fresh, 'scholar', 'http://iiis.tsinghua.edu.cn/yao'))!;
      const tsinghua = await fresh
        .selectFrom('resources')
        .select(['id', 'source_key'])
        .where('type', '=', 'institution')
        .where('title', '=', '清华大学')
        .executeTakeFirstOrThrow();
      expect(tsinghua.source_key).toBe('4111010003');
      expect(yao.f.institutionId).toBe(tsinghua.id);
      expect(await fresh.selectFrom('resources').select('id').where('source_key', '=', 'csrankings:Tsinghua University').executeTakeFirst()).toBeUndefined();
      const tjoa = (await byKey(fresh, 'scholar', 'http://www.ifs.tuwien.ac.at/tjoa'))!;
      expect(tjoa.f.institutionId).toBe((await byKey(fresh, 'institution', 'csrankings:TU Wien'))!.id);
    } finally {
      await drop();
    }
  });
});

describe.runIf(hasData)('journals (ShowJCR, four formats, two with a byte order mark)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  it('tells the four lists apart by header and imports them all', async () => {
    expect(fs.readFileSync(journalFiles[2]).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const s = await importFiles(db, 'journals', journalFiles, { topic: '期刊' });
    expect(s.read).toBe(21772 + 681 + 68 + 37);
    await expectCounts(db, s, 'journal');
    expect(s.skipped.every((k) => k.file === 'CCF2026-UTF8.csv' && /同一刊物/.test(k.reason))).toBe(true);
    const twoD = (await byKey(db, 'journal', '2053-1583'))!;
    expect(twoD.title).toBe('2D Materials');
    expect(twoD.f).toMatchObject({
      cover: null,
      feed_time: null,
      impact_factor: null,
      is_subscribed: false,
      collection: 'SCIE',
      issn: '2053-1583',
      subject: '材料科学',
      partition: 3,
      partition_rank: '168/495',
      top: false,
    });
    expect(twoD.f.subcategories[0]).toEqual({ name: '材料科学：综合', name_en: 'MATERIALS SCIENCE, MULTIDISCIPLINARY', partition: 3, rank: '168/436' });
    expect(await linkOf(db, twoD.id)).toEqual({ title: '期刊', category_one: '材料科学', category_two: '材料科学：综合' });
    // the BOM files: the first column is found
    const bdma = (await byKey(db, 'journal', 'CN 0-1514/G2'))!;
    expect(bdma).toMatchObject({ title: '大数据挖掘与分析（英文）' });
    expect(bdma.f).toMatchObject({ collection: 'T1', english_title: 'Big Data Mining and Analytics', sponsor: '清华大学' });
    const jos = await db
      .selectFrom('resources')
      .select('fields')
      .where('type', '=', 'journal')
      .where('source_key', '=', 'title:软件学报')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(jos.fields)).toMatchObject({ collection: 'CCF A类', url: 'http://www.jos.org.cn' });
    const jacm = await db
      .selectFrom('resources')
      .select(['id', 'fields'])
      .where('type', '=', 'journal')
      .where('title', '=', 'Journal of the ACM')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(jacm.fields)).toMatchObject({ collection: 'CCF A类', abbreviation: 'JACM', ccf_kind: '期刊', field: '交叉/综合/新兴' });
    const dke = await db
      .selectFrom('resources')
      .select('fields')
      .where('type', '=', 'journal')
      .where('title', '=', 'Data & Knowledge Engineering')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(dke.fields).other_fields).toEqual(['数据库/数据挖掘/内容检索']);
    await expectReimport(db, 'journals', journalFiles, s, 'journal', '期刊');
  });

  it('imports a list the same with or without a byte order mark', async () => {
    const body = fs.readFileSync(journalFiles[3], 'utf8').replace(/^\uFEFF/, '');
    const withBom = await importFiles(db, 'journals', [tmpFile('CCFChinese2019.csv', `\uFEFF${body}`)], { topic: '期刊' });
    const without = await importFiles(db, 'journals', [tmpFile('CCFChinese2019.csv', body)], { topic: '期刊' });
    expect(withBom).toMatchObject({ read: 37, inserted: 0, updated: 37, skipped: [] });
    expect(without).toMatchObject({ read: 37, inserted: 0, updated: 37, skipped: [] });
  });
});

describe('jsonl and files that cannot be imported', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDatabase()));
  afterAll(async () => drop());

  const good = [
    { type: 'news', title: '新闻一', date: '2026-01-02', key: 'n1', fields: { cover: null, summary: '摘要', source: '本站' }, category: ['要闻'] },
    { type: 'article', title: '论文一', fields: { abstract: '……' }, category: ['工学', '计算机科学与技术'] },
    { type: 'policy', title: '政策一', date: null },
  ];
  const jsonlText = [
    JSON.stringify(good[0]),
    '',
    '{"type": "news", "title": "坏 JSON"',
    JSON.stringify(good[1]),
    JSON.stringify({ type: 'movie', title: '类型不对' }),
    JSON.stringify({ type: 'news', title: '  ' }),
    JSON.stringify({ type: 'news', title: '日期不对', date: '2026-02-30' }),
    '[1, 2]',
    JSON.stringify(good[2]),
    // 20,000 levels in one line: that line is skipped, the file imported (decision 416)
    `{"type": "news", "title": "太深", "fields": {"x": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
  ].join('\n');

  it('imports the good lines of a JSON-lines file and reports each bad one', async () => {
    const file = tmpFile('mixed.jsonl', jsonlText);
    const s = await importFiles(db, 'jsonl', [file], { topic: '杂项' });
    expect(s.read).toBe(9);
    expect(s.inserted).toBe(3);
    expect(s.skipped.map((k) => k.line)).toEqual([3, 5, 6, 7, 8, 10]);
    const reasons = [
      /^不是有效的 JSON/,
      /^type 不对："movie"，应为 article、news/,
      /^标题（title）为空$/,
      /^日期（date）应为 yyyy-MM-dd，收到 "2026-02-30"$/,
      /^每行应是一个 JSON 对象$/,
      /^嵌套层数过多（最多 64 层）$/,
    ];
    s.skipped.forEach((k, i) => expect(k.reason).toMatch(reasons[i]));
    const n1 = (await byKey(db, 'news', 'n1'))!;
    expect(n1).toMatchObject({ title: '新闻一', date: '2026-01-02' });
    expect(await linkOf(db, n1.id)).toEqual({ title: '杂项', category_one: '要闻', category_two: null });
    const article = (await byKey(db, 'article', titleKey('论文一')))!;
    expect(await linkOf(db, article.id)).toEqual({ title: '杂项', category_one: '工学', category_two: '计算机科学与技术' });
    const again = await importFiles(db, 'jsonl', [file], { topic: '杂项' });
    expect(again).toMatchObject({ inserted: 0, updated: 3 });
    expect(await count(db)).toBe(3);
    const text = formatSummary(s);
    expect(text).toContain('读取 9 行，新增 3 条，更新 0 条，跳过 6 行。');
    expect(text).toContain('第 3 行：不是有效的 JSON');
  });

  it('caps the listing of skipped rows at 20 and counts the rest', () => {
    const s: ImportSummary = {
      kind: 'jsonl',
      files: ['a.jsonl'],
      topic: 't',
      topicId: 1,
      read: 30,
      inserted: 5,
      updated: 0,
      related: null,
      seconds: 0.1,
      skipped: Array.from({ length: 25 }, (_, i) => ({ file: 'a.jsonl', line: i + 1, reason: '标题（title）为空' })),
    };
    const text = formatSummary(s);
    expect(text.split('\n').filter((l) => /第 \d+ 行/.test(l))).toHaveLength(20);
    expect(text).toContain('还有 5 行未列出');
  });

  it('fails with a clear message and writes nothing when one file cannot be read', async () => {
    const okFile = tmpFile('ok.jsonl', JSON.stringify({ type: 'news', title: '不该写入' }) + '\n');
    const before = { resources: await count(db), topics: (await db.selectFrom('topics').select('id').execute()).length };
    const cases: [string, RegExp][] = [
      [path.join(tmp, 'missing.jsonl'), /找不到文件/],
      [tmp, /是一个目录/],
      [tmpFile('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])), /不是文本文件/],
      [tmpFile('gbk.jsonl', Buffer.from([0x7b, 0x22, 0xd6, 0xd0, 0xce, 0xc4, 0x22, 0x7d, 0x0a])), /不是 UTF-8/],
      [tmpFile('empty.jsonl', ''), /文件是空的/],
    ];
    for (const [bad, message] of cases) {
      const err = await importFiles(db, 'jsonl', [okFile, bad], { topic: '不该创建' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportError);
      expect((err as Error).message).toMatch(/没有写入任何数据/);
      expect((err as Error).message).toMatch(message);
    }
    // a CSV of another kind: no recognisable header
    const wrong = tmpFile('wrong.tsv', 'foo\tbar\n1\t2\n');
    const err = await importFiles(db, 'articles', [wrong]).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/无法识别表头.*缺少列 title/);
    const journals = await importFiles(db, 'journals', [wrong]).catch((e: unknown) => e);
    expect((journals as Error).message).toMatch(/无法识别期刊列表的表头/);
    expect(await count(db)).toBe(before.resources);
    expect((await db.selectFrom('topics').select('id').execute()).length).toBe(before.topics);
  });

  it('refuses an unknown kind with the list of kinds (exit code 2) and runs the command', async () => {
    await expect(importFiles(db, 'movies', ['x'])).rejects.toThrow(
      /不支持的导入类型“movies”。可用的类型：articles、conferences、institutions、scholars、journals、jsonl/,
    );
    const errors: string[] = [];
    const logs: string[] = [];
    const e = vi.spyOn(console, 'error').mockImplementation((m: unknown) => {
      errors.push(String(m));
    });
    const l = vi.spyOn(console, 'log').mockImplementation((m: unknown) => {
      logs.push(String(m));
    });
    try {
      expect(await runImportCommand('unused.db', 'movies', ['x.csv'])).toBe(2);
      expect(errors.join('\n')).toMatch(/不支持的导入类型“movies”[\s\S]*articles（论文）/);
      expect(await runImportCommand('unused.db', 'jsonl', ['--topic'])).toBe(2);
      const { url, drop: dropOther } = await freshDatabase();
      try {
        const file = tmpFile('cmd.jsonl', jsonlText);
        expect(await runImportCommand(url, 'jsonl', [file, '--topic', '命令行'])).toBe(0);
        expect(logs.join('\n')).toContain('新增 3 条');
        expect(await runImportCommand(url, 'jsonl', [file, path.join(tmp, 'nope.jsonl')])).toBe(1);
        expect(errors.at(-1)).toMatch(/找不到文件/);
      } finally {
        await dropOther();
      }
    } finally {
      e.mockRestore();
      l.mockRestore();
    }
  });

  it('prints the same progress as the console: rows done / total, rate and time left', async () => {
    const out: string[] = [];
    // stderr when it is not a terminal (a log file, CI): plain lines
    const stream = { write: (chunk: string) => out.push(chunk) > 0 } as unknown as NodeJS.WritableStream;
    // a clock that moves one second each time the progress reads it (the start, then each line written)
    let tick = 0;
    const clock = () => 1_700_000_000_000 + 1000 * tick++;
    const file = tmpFile(
      'progress.jsonl',
      Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ type: 'article', key: `cmd${i}`, title: `命令行进度第 ${i} 篇` })).join('\n'),
    );
    const l = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { url, drop: dropOther } = await freshDatabase();
    try {
      expect(await runImportCommand(url, 'jsonl', [file, '--topic', '命令行进度'], { stream, clock })).toBe(0);
    } finally {
      l.mockRestore();
      await dropOther();
    }
    const written = out
      .join('')
      .split('\n')
      .filter((x) => x.startsWith('写入数据库'));
    // one line per 10 %: 0 %, then 2,000 rows after 2 s (1,000 rows/s, 18,000 left), …, 100 %
    expect(written).toHaveLength(11);
    expect(written[0]).toBe('写入数据库：0 / 20,000 · 0 行/秒');
    expect(written[1]).toBe('写入数据库：2,000 / 20,000 · 1,000 行/秒 · 剩余约 18 秒');
    for (const line of written.slice(1, 10)) expect(line).toMatch(/^写入数据库：[\d,]+ \/ 20,000 · [\d,]+ 行\/秒 · 剩余约 \d+ 秒$/);
    expect(written[10]).toBe('写入数据库：20,000 / 20,000 · 1,818 行/秒');
    // the console's line from the same numbers (GET /api/v1/tasks gives the rate and time left)
    expect(written[1]).toBe(`写入数据库：${MSG.taskProgressText(2000, 20_000, 1000, 18)}`);
  });
});

describe('readTable', () => {
  it('gives each row the line it starts on, across CRLF, blank lines and quoted line breaks', () => {
    const t = readTable('a,b\r\n1,2\r\n\r\n"x\r\ny",3\r\n4,5\r\n', { delimiter: ',', quote: true });
    expect(t.rows.map((r) => [r.line, r.cells])).toEqual([
      [2, ['1', '2']],
      [4, ['x\r\ny', '3']],
      [6, ['4', '5']],
    ]);
  });
  it('reads the lines an unclosed quote swallowed again', () => {
    const t = readTable('a,b\n1,2\n"open,3\n4,5\n6,7\n', { delimiter: ',', quote: true });
    expect(t.rows.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(t.broken.map((b) => b.line)).toEqual([3]);
  });
});
