/**
 * POST /api/v1/resources/institution/fruit-scholar-count (spec 2 §7 'Content'; spec 1 §3 'Institution')
 * over scholars imported from two real CSRankings files and research outputs imported as JSON lines.
 * Expected scholar counts are worked out here from every stored scholar row, apart from the grouped SQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { importFiles } from '../../import/run.js';
import { MSG } from '../../../common/messages.js';

const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/csrankings-scholars');
const files = ['csrankings-y.csv', 'csrankings-z.csv'].map((f) => path.join(data, f));
const hasData = files.every((f) => fs.existsSync(f));

let ctx: TestContext;
let dir: string;
/** scholars per fields.institution, counted in JS over every stored scholar */
const expected = new Map<string, number>();

const jsonl = (name: string, lines: unknown[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
  return file;
};

beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-inst-'));
  if (hasData) {
    const s = await importFiles(ctx.db, 'scholars', files, { topic: '计算机科学' });
    expect(s.inserted).toBeGreaterThan(300);
  }
  // an institution named only through institutionId, and research outputs naming institutions
  await importFiles(ctx.db, 'jsonl', [jsonl('inst.jsonl', [{ type: 'institution', title: '测试理工大学', key: 'moe:t1', fields: { logo: null } }])]);
  const t1 = (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', 'moe:t1').executeTakeFirstOrThrow()).id;
  await importFiles(
    ctx.db,
    'jsonl',
    [
      jsonl('more.jsonl', [
        { type: 'scholar', title: '王测试', key: 's:wang', fields: { institutionId: t1 } },
        { type: 'scholar', title: '李测试', key: 's:li', fields: { institution: '测试理工大学', institutionId: t1 } },
        { type: 'patent', title: '一种测试方法', fields: { institution: '测试理工大学', undertaking_institution: '测试理工大学' } },
        { type: 'report', title: '测试年度报告', fields: { affiliation: 'Peking University' } },
        { type: 'article', title: '测试论文', fields: { undertaking_institution: 'Peking University', institution: '测试理工大学' } },
        { type: 'news', title: '不算成果的新闻', fields: { institution: 'Peking University' } },
      ]),
    ],
    { topic: '计算机科学' },
  );
  for (const r of await ctx.db.selectFrom('resources').select('fields').where('type', '=', 'scholar').execute()) {
    const name = JSON.parse(r.fields).institution;
    if (typeof name === 'string') expected.set(name, (expected.get(name) ?? 0) + 1);
  }
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const url = '/api/v1/resources/institution/fruit-scholar-count';

describe('institution counts', () => {
  it.runIf(hasData)('counts the imported CSRankings scholars of each institution, in the order asked', async () => {
    const names = ['Tsinghua University', 'Peking University', 'Purdue University', '没有这个机构'];
    const r = await ctx.client().post(url, { q: names.join('|') });
    expect(r.status).toBe(200);
    expect(r.body.scholar_count.map((x: { institution: string }) => x.institution)).toEqual(names);
    const counts = r.body.scholar_count.map((x: { count: number }) => x.count);
    expect(counts).toEqual(names.map((n) => expected.get(n) ?? 0));
    expect(counts[1]).toBeGreaterThan(10); // csrankings-z.csv alone lists 18 rows of Peking University
    expect(counts[3]).toBe(0);
    // the importer's own tally on the institution resource agrees
    const pku = await ctx.db
      .selectFrom('resources')
      .select('fields')
      .where('type', '=', 'institution')
      .where('title', '=', 'Peking University')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(pku.fields).scholars).toBe(counts[1]);
    expect(r.body.fruit_count).toEqual(names.map((institution, i) => ({ institution, count: i === 1 ? 2 : 0 })));
  });

  it('counts a scholar linked only by institutionId, and each research output once per institution', async () => {
    const r = await ctx.client().post(url, { q: ' 测试理工大学 | |测试理工大学' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      scholar_count: [{ institution: '测试理工大学', count: 2 }],
      fruit_count: [{ institution: '测试理工大学', count: 2 }],
    });
  });

  it('refuses a missing, empty or oversized list with 400 in Chinese', async () => {
    const c = ctx.client();
    const cases: Array<[unknown, string]> = [
      [{}, MSG.institutionNamesRequired],
      [{ q: 5 }, MSG.institutionNamesRequired],
      [{ q: ' | ' }, MSG.institutionNamesRequired],
      [{ q: Array.from({ length: 51 }, (_, i) => `机构${i}`).join('|') }, MSG.institutionNamesTooMany],
      [{ q: 'x'.repeat(201) }, MSG.institutionNameTooLong],
      [{ q: 'x'.repeat(20_000) }, MSG.institutionNamesTooMany],
    ];
    for (const [body, message] of cases) {
      const r = await c.post(url, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    const ok = await c.post(url, { q: Array.from({ length: 50 }, (_, i) => `机构${i}`).join('|') });
    expect(ok.status).toBe(200);
    expect(ok.body.scholar_count).toHaveLength(50);
  });
});

describe('GET /api/v1/resources/institution/{id}/scholars (decision 391)', () => {
  const url = (id: number | string, query = '') => `/api/v1/resources/institution/${id}/scholars${query}`;
  const idOf = async (key: string) => (await ctx.db.selectFrom('resources').select('id').where('source_key', '=', key).executeTakeFirstOrThrow()).id;

  it('lists the scholars linked by institutionId or naming the institution, each once', async () => {
    const r = await ctx.client().get(url(await idOf('moe:t1')));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 2, page: 1, size: 20 });
    expect((r.body.content as Array<{ title: string; type: string }>).map((s) => `${s.type}:${s.title}`).sort()).toEqual(['scholar:李测试', 'scholar:王测试']);
    const one = await ctx.client().get(url(await idOf('moe:t1'), '?size=1&page=2'));
    expect(one.body).toMatchObject({ totalElements: 2, page: 2, size: 1 });
    expect(one.body.content).toHaveLength(1);
  });

  it('answers 404 for no institution, and 400 with the field for bad paging', async () => {
    const scholar = await ctx.client().get(url(await idOf('s:wang')));
    expect(scholar.status).toBe(404);
    expect(scholar.body.error.message).toBe(MSG.resourceNotFound);
    expect((await ctx.client().get(url(999_999_999))).status).toBe(404);
    const word = await ctx.client().get(url('abc'));
    expect(word.status).toBe(400);
    expect(word.body.error.fields).toEqual({ 'params.id': MSG.resourceNotFound });
    const big = await ctx.client().get(url(await idOf('moe:t1'), '?size=101'));
    expect(big.status).toBe(400);
    expect(big.body.error.fields).toEqual({ 'query.size': '不能大于 100' });
  });
});
