/**
 * Scholars and institutions linked whatever the import order, on the real catalogues of
 * ../shared/data read in place (every CSRankings file, the MOE list), on SQLite and PostgreSQL:
 * scholars then institutions, institutions then scholars, and each import twice end in the same
 * catalogue, and 清华大学 lists its scholars (its detail's 学者数, the institution panel's count, the
 * scholar's link).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import type { Db } from '../db/index.js';
import { importFiles } from './run.js';
import { CSRANKINGS_CHINESE_NAMES } from './affiliationAliases.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = path.resolve(repoRoot, '../shared/data');
const scholarsDir = path.join(data, 'csrankings-scholars');
const moe = path.join(data, 'moe-china-universities-2025', 'moe_universities_2025.csv');
const hasData = fs.existsSync(scholarsDir) && fs.existsSync(moe);
if (!hasData) console.warn(`学者与机构关联测试跳过：找不到 ${data}`);
const scholarFiles = hasData
  ? fs
      .readdirSync(scholarsDir)
      .filter((f) => /^csrankings-[a-z]\.csv$/.test(f))
      .sort()
      .map((f) => path.join(scholarsDir, f))
  : [];
const TOPIC = '计算机科学';

interface Row {
  id: number;
  type: string;
  source_key: string;
  title: string;
  f: Record<string, any>;
}

async function rows(db: Db, type: string): Promise<Row[]> {
  const rs = await db.selectFrom('resources').select(['id', 'type', 'source_key', 'title', 'fields']).where('type', '=', type).execute();
  return rs.map((r) => ({ ...r, id: Number(r.id), f: JSON.parse(r.fields) as Record<string, any> }));
}

/**
 * What the catalogue holds, by keys (not ids, which differ with the order): each type's count, each
 * scholar's institution (by key), each institution's 学者数, the topic links and the topic's counts.
 */
async function snapshot(db: Db) {
  const scholars = await rows(db, 'scholar');
  const insts = await rows(db, 'institution');
  const keyOf = new Map(insts.map((i) => [i.id, i.source_key]));
  const links = await db
    .selectFrom('resource_topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('topic_type_counts')
    .innerJoin('topics', 'topics.id', 'topic_type_counts.topic_id')
    .select(['topics.title', 'topic_type_counts.type', 'topic_type_counts.n'])
    .orderBy('topics.title')
    .orderBy('topic_type_counts.type')
    .execute();
  return {
    scholars: scholars.length,
    institutions: insts.length,
    links: Number(links.n),
    counts: counts.map((c) => [c.title, c.type, Number(c.n)]),
    linkOf: scholars.map((s) => `${s.source_key} → ${keyOf.get(s.f.institutionId) ?? `(${String(s.f.institutionId)})`}`).sort(),
    scholarsOf: insts.map((i) => `${i.source_key}: ${String(i.f.scholars)}`).sort(),
  };
}

/**
 * Checks every scholar's link against the data, in JavaScript: the MOE record titled with its
 * affiliation or the affiliation's Chinese name when the MOE list has one, else the institution the
 * scholar import made for it; no such made institution where a MOE record exists; each institution's
 * 学者数 is the number of scholars linked to it; the topic's institution count is its published links.
 * Returns the MOE record of 清华大学 and the number of its scholars.
 */
async function expectLinked(db: Db): Promise<{ tsinghua: Row; n: number }> {
  const scholars = await rows(db, 'scholar');
  const insts = await rows(db, 'institution');
  const moeByTitle = new Map(insts.filter((i) => !i.source_key.startsWith('csrankings:')).map((i) => [i.title, i]));
  const byId = new Map(insts.map((i) => [i.id, i]));
  expect(moeByTitle.size).toBe(2919);
  const linked = new Map<number, number>();
  for (const s of scholars) {
    const aff = s.f.institution as string;
    const expected = moeByTitle.get(aff) ?? moeByTitle.get(CSRANKINGS_CHINESE_NAMES[aff] ?? '');
    const inst = byId.get(s.f.institutionId);
    expect(inst, `${s.title}（${aff}）`).toBeDefined();
    if (expected) expect(inst!.id, `${s.title}（${aff}）`).toBe(expected.id);
    else expect(inst!.source_key).toBe(`csrankings:${aff}`);
    linked.set(inst!.id, (linked.get(inst!.id) ?? 0) + 1);
  }
  const made = insts.filter((i) => i.source_key.startsWith('csrankings:'));
  expect(made.filter((i) => moeByTitle.has(i.title) || moeByTitle.has(CSRANKINGS_CHINESE_NAMES[i.title] ?? ''))).toEqual([]);
  for (const i of insts) if (linked.has(i.id)) expect(i.f.scholars, i.title).toBe(linked.get(i.id));
  // every CSRankings affiliation of the alias table that has scholars reaches its MOE record
  const affs = new Set(scholars.map((s) => s.f.institution as string));
  const aliased = Object.entries(CSRANKINGS_CHINESE_NAMES).filter(([a]) => affs.has(a));
  expect(aliased.length).toBeGreaterThan(30);
  for (const [, zh] of aliased) expect(linked.get(moeByTitle.get(zh)!.id), zh).toBeGreaterThan(0);
  const topic = await db.selectFrom('topics').select('id').where('title', '=', TOPIC).executeTakeFirstOrThrow();
  const published = await db
    .selectFrom('resource_topics')
    .where('topic_id', '=', topic.id)
    .where('type', '=', 'institution')
    .where('published', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const counted = await db
    .selectFrom('topic_type_counts')
    .select('n')
    .where('topic_id', '=', topic.id)
    .where('type', '=', 'institution')
    .executeTakeFirstOrThrow();
  expect(Number(counted.n)).toBe(Number(published.n));
  expect(Number(published.n)).toBe(made.length);
  const tsinghua = moeByTitle.get('清华大学')!;
  expect(tsinghua.source_key).toBe('4111010003');
  return { tsinghua, n: scholars.filter((s) => s.f.institution === 'Tsinghua University').length };
}

/** What a visitor sees of 清华大学: its detail's 学者数, the institution panel's count, Andrew C. Yao's link. */
async function expectTsinghuaListsItsScholars(ctx: TestContext, tsinghua: Row, n: number) {
  const detail = await ctx.client().get(`/api/v1/resources/institution/${tsinghua.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({ title: '清华大学', scholars: n });
  const counts = await ctx.client().post('/api/v1/resources/institution/fruit-scholar-count', { q: '清华大学' });
  expect(counts.status).toBe(200);
  expect(counts.body.scholar_count).toEqual([{ institution: '清华大学', count: n }]);
  const yao = await ctx.db
    .selectFrom('resources')
    .select('id')
    .where('type', '=', 'scholar')
    .where('source_key', '=', 'http://iiis.tsinghua.edu.cn/yao')
    .executeTakeFirstOrThrow();
  const profile = await ctx.client().get(`/api/v1/resources/scholar/${yao.id}`);
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ title: 'Andrew C. Yao', institution: 'Tsinghua University', institutionId: tsinghua.id });
  // the detail page's list of its scholars (decision 391): all n of them, by name, 20 a page
  const listed = await ctx.client().get(`/api/v1/resources/institution/${tsinghua.id}/scholars?page=1&size=100`);
  expect(listed.status).toBe(200);
  expect(listed.body.totalElements).toBe(n);
  const names = (listed.body.content as Array<{ title: string; type: string }>).map((r) => r.title);
  expect(names).toContain('Andrew C. Yao');
  const second = await ctx.client().get(`/api/v1/resources/institution/${tsinghua.id}/scholars?page=2`);
  expect(second.body).toMatchObject({ page: 2, size: 20, totalElements: n });
  expect((second.body.content as Array<{ title: string }>).map((r) => r.title)).toEqual(names.slice(20, 40));
}

describe.runIf(hasData)('scholars and institutions whatever the import order', () => {
  let first: TestContext; // scholars, then institutions
  let second: TestContext; // institutions, then scholars
  beforeAll(async () => {
    first = await createTestContext();
    second = await createTestContext();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('scholars then institutions: the scholars move to the MOE records, the stand-ins go, 清华大学 lists its scholars', async () => {
    expect(scholarFiles).toHaveLength(26);
    const s = await importFiles(first.db, 'scholars', scholarFiles, { topic: TOPIC });
    expect(s.related).toMatchObject({ inserted: 648 });
    const standIn = await first.db.selectFrom('resources').select('id').where('source_key', '=', 'csrankings:Tsinghua University').executeTakeFirst();
    expect(standIn).toBeDefined();
    await importFiles(first.db, 'institutions', [moe]);
    expect(await first.db.selectFrom('resources').select('id').where('source_key', '=', 'csrankings:Tsinghua University').executeTakeFirst()).toBeUndefined();
    // the stand-in's page is gone
    expect((await first.client().get(`/api/v1/resources/institution/${standIn!.id}`)).status).toBe(404);
    const { tsinghua, n } = await expectLinked(first.db);
    expect(n).toBeGreaterThan(100);
    await expectTsinghuaListsItsScholars(first, tsinghua, n);
  });

  it('institutions then scholars gives the same catalogue', async () => {
    await importFiles(second.db, 'institutions', [moe]);
    const s = await importFiles(second.db, 'scholars', scholarFiles, { topic: TOPIC });
    // the 38 affiliations of the alias table have their MOE record: no stand-in for them
    expect(Object.keys(CSRANKINGS_CHINESE_NAMES)).toHaveLength(38);
    expect(s.related!.inserted).toBe(648 - 38);
    const { tsinghua, n } = await expectLinked(second.db);
    await expectTsinghuaListsItsScholars(second, tsinghua, n);
    expect(await snapshot(second.db)).toEqual(await snapshot(first.db));
  });

  it('importing each again changes nothing', async () => {
    const before = await snapshot(first.db);
    const inst = await importFiles(first.db, 'institutions', [moe]);
    expect(inst.inserted).toBe(0);
    expect(await snapshot(first.db)).toEqual(before);
    const sch = await importFiles(first.db, 'scholars', scholarFiles, { topic: TOPIC });
    expect(sch.inserted).toBe(0);
    expect(sch.related).toMatchObject({ inserted: 0 });
    expect(await snapshot(first.db)).toEqual(before);
    await importFiles(second.db, 'scholars', scholarFiles, { topic: TOPIC });
    await importFiles(second.db, 'institutions', [moe]);
    expect(await snapshot(second.db)).toEqual(before);
    const { tsinghua, n } = await expectLinked(first.db);
    await expectTsinghuaListsItsScholars(first, tsinghua, n);
  });
});

describe.runIf(hasData)('the console import task links them too', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestContext()));
  afterAll(async () => ctx?.close());

  it('institutions imported as a task after the scholars give 清华大学 its scholar', async () => {
    // two real CSRankings rows (csrankings-a.csv), imported from the command line first
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-aff-'));
    const csv = path.join(dir, 'csrankings-t.csv');
    fs.writeFileSync(
      csv,
      'name,affiliation,homepage,scholarid\nAndrew C. Yao,Tsinghua University,http://iiis.tsinghua.edu.cn/yao,NOSCHOLARPAGE\nA Min Tjoa,TU Wien,http://www.ifs.tuwien.ac.at/tjoa,x8qCMhcAAAAJ\n',
    );
    await importFiles(ctx.db, 'scholars', [csv], { topic: TOPIC });
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = await ctx.signIn('13500000001', 'super');
    const r = await admin.multipart<{ id: number }>('/api/v1/tasks/imports', [
      { name: 'kind', value: 'institutions' },
      { name: 'topic', value: '高校' },
      { name: 'file', filename: 'moe_universities_2025.csv', data: fs.readFileSync(moe), type: 'text/csv' },
    ]);
    expect(r.status).toBe(201);
    let task: { status: string } = { status: 'queued' };
    for (let i = 0; i < 600 && (task.status === 'queued' || task.status === 'running'); i++) {
      await new Promise((res) => setTimeout(res, 100));
      task = (await admin.get(`/api/v1/tasks/${r.body.id}`)).body;
    }
    expect(task.status).toBe('done');
    const tsinghua = (await rows(ctx.db, 'institution')).find((i) => i.title === '清华大学')!;
    await expectTsinghuaListsItsScholars(ctx, tsinghua, 1);
    const tjoa = (await rows(ctx.db, 'scholar')).find((s) => s.title === 'A Min Tjoa')!;
    const wien = (await rows(ctx.db, 'institution')).find((i) => i.id === tjoa.f.institutionId)!;
    expect(wien).toMatchObject({ source_key: 'csrankings:TU Wien', f: { scholars: 1 } });
    expect((await rows(ctx.db, 'institution')).filter((i) => i.source_key.startsWith('csrankings:'))).toHaveLength(1);
  });
});
