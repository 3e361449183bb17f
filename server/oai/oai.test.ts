/**
 * The OAI-PMH provider (docs/architecture.md §OAI-PMH; decisions 513-521): every verb and every error
 * of the protocol, each answer validated against OAI-PMH.xsd and oai_dc.xsd by xmllint (local schemas,
 * no network); a full harvest of a site with 2,000 published records through resumption tokens (each
 * once, no draft, no unpublished, no record of a draft site); a record deleted between two pages and one
 * edited; tokens that are garbage or expired; a draft site answers 404.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, insertApplication, type Client, type TestContext } from '../test/harness.js';
import { ensureTopic, upsertResources, type ResourceInput } from '../resources/store.js';
import { encodeToken } from './token.js';
import { OAI_PAGE_SIZE } from './provider.js';

const HOST = 'oai.example.cn';
const DRAFT_HOST = 'oai-draft.example.cn';
const N = 2000;
const SCHEMA = path.join(import.meta.dirname, 'schemas', 'harvest.xsd');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-oai-'));
let fileNo = 0;

/** Validates XML documents with xmllint against the local schemas; throws xmllint's report when one fails. */
function validate(...docs: string[]): void {
  const files = docs.map((d) => {
    const f = path.join(tmp, `answer-${++fileNo}.xml`);
    fs.writeFileSync(f, d);
    return f;
  });
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, ...files], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { stderr?: Buffer };
    throw new Error(`xmllint: ${err.stderr?.toString() ?? String(e)}`, { cause: e });
  }
}

let ctx: TestContext;
let visitor: Client;
let topicId: number;
let draftTopicId: number;
let catOne: number;
let catTwo: number;

const oai = async (query: string, host = HOST) => {
  const r = await visitor.get(`/oai?${query}`, { host });
  return r;
};
const errorCode = (xml: string) => /<error code="([A-Za-z]+)"/.exec(xml)?.[1] ?? null;
const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => m[1]);
const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1] ?? null;
const headers = (xml: string) =>
  [...xml.matchAll(/<header( status="deleted")?><identifier>([^<]+)<\/identifier><datestamp>([^<]+)<\/datestamp>/g)].map((m) => ({
    id: m[2],
    deleted: !!m[1],
    datestamp: m[3],
  }));

/** Harvests a whole list through its resumption tokens; every page validated. */
async function harvest(query: string, between?: (page: number) => Promise<void>) {
  const pages: string[] = [];
  let r = await oai(query);
  for (;;) {
    expect(r.status).toBe(200);
    pages.push(r.text);
    const t = tokenOf(r.text);
    if (!t) break;
    if (between) await between(pages.length);
    r = await oai(`verb=${/verb=(\w+)/.exec(query)![1]}&resumptionToken=${encodeURIComponent(t)}`);
  }
  validate(...pages);
  return pages;
}

const item = (i: number, over: Partial<ResourceInput> = {}): ResourceInput => ({
  type: 'article',
  sourceKey: `oai-${i}`,
  title: `公开论文 ${i}：人工智能与知识组织`,
  date: '2024-05-01',
  fields: { author: ['张三', '李四'], keywords: ['知识组织'], summary: '<p>摘要 & 说明</p>', doi: `10.1000/oai.${i}` },
  topicId,
  categoryOne: i % 2 ? '图书情报' : '计算机',
  categoryTwo: i % 4 === 1 ? '知识组织' : null,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  visitor = ctx.client();
  topicId = await ensureTopic(ctx.db, '开放获取');
  draftTopicId = await ensureTopic(ctx.db, '草稿专题');
  await insertApplication(ctx.db, { name: '开放获取站', host: HOST, topicId, status: 'released' });
  await insertApplication(ctx.db, { name: '草稿站', host: DRAFT_HOST, topicId: draftTopicId, status: 'draft' });
  await insertApplication(ctx.db, { name: '无专题站', host: 'no-topic.example.cn', topicId: null, status: 'released' });
  await upsertResources(
    ctx.db,
    Array.from({ length: N }, (_, i) => item(i + 1)),
  );
  // the draft site's records, and records never published in the topic (drafts)
  await upsertResources(
    ctx.db,
    Array.from({ length: 20 }, (_, i) => item(10000 + i, { title: `隐秘草稿站 ${i}`, topicId: draftTopicId })),
  );
  const drafts = await upsertResources(
    ctx.db,
    Array.from({ length: 20 }, (_, i) => item(20000 + i, { title: `隐秘未发布 ${i}`, topicId: undefined })),
  );
  for (const id of drafts.ids)
    await ctx.db
      .insertInto('resource_topics')
      .values({ resource_id: id, topic_id: topicId, category_one: null, category_two: null, type: 'article', date_key: '', published: 0 })
      .execute();
  const cats = await ctx.db.selectFrom('categories').select(['id', 'label']).where('topic_id', '=', topicId).execute();
  catOne = cats.find((c) => c.label === '图书情报')!.id;
  catTwo = cats.find((c) => c.label === '知识组织')!.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('OAI-PMH verbs', () => {
  it('the validator itself refuses what the schemas refuse (a bad setSpec, an unknown DC element)', async () => {
    const r = await oai('verb=ListSets');
    validate(r.text);
    expect(() => validate(r.text.replace(`<setSpec>topic:${topicId}</setSpec>`, '<setSpec>专题</setSpec>'))).toThrow(/setSpec/);
    const g = await oai(`verb=ListRecords&metadataPrefix=oai_dc`);
    expect(() => validate(g.text.replace('<dc:creator>', '<dc:author>').replace('</dc:creator>', '</dc:author>'))).toThrow(/author/);
  });

  it('Identify: the site, persistent deletions, seconds granularity; GET and POST alike', async () => {
    const r = await oai('verb=Identify');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/xml/);
    expect(r.text).toContain('<repositoryName>开放获取站</repositoryName>');
    expect(r.text).toContain(`<baseURL>http://${HOST}/oai</baseURL>`);
    expect(r.text).toContain('<deletedRecord>persistent</deletedRecord>');
    expect(r.text).toContain('<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>');
    const post = await visitor.request('POST', '/oai', undefined, { host: HOST, raw: 'verb=Identify', contentType: 'application/x-www-form-urlencoded' });
    expect(post.status).toBe(200);
    expect(post.text).toContain('<repositoryName>开放获取站</repositoryName>');
    validate(r.text, post.text);
  });

  it('ListMetadataFormats: oai_dc, for the repository and for one item', async () => {
    const a = await oai('verb=ListMetadataFormats');
    const b = await oai(`verb=ListMetadataFormats&identifier=${encodeURIComponent(`oai:${HOST}:article/1`)}`);
    for (const r of [a, b]) expect(r.text).toContain('<metadataPrefix>oai_dc</metadataPrefix>');
    validate(a.text, b.text);
  });

  it('ListSets: the topic and its categories as a hierarchy, Chinese names', async () => {
    const r = await oai('verb=ListSets');
    expect(r.text).toContain(`<setSpec>topic:${topicId}</setSpec><setName>开放获取</setName>`);
    expect(r.text).toContain(`<setSpec>topic:${topicId}:cat:${catOne}</setSpec><setName>开放获取 / 图书情报</setName>`);
    expect(r.text).toContain(`<setSpec>topic:${topicId}:cat:${catTwo}</setSpec><setName>开放获取 / 图书情报 / 知识组织</setName>`);
    validate(r.text);
  });

  it('GetRecord: oai_dc with the Chinese title in xml:lang="zh", the sets, the page link', async () => {
    const row = await ctx.db.selectFrom('resources').select(['id', 'updated_at']).where('source_key', '=', 'oai-1').executeTakeFirstOrThrow();
    const r = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(`oai:${HOST}:article/${row.id}`)}`);
    expect(r.text).toContain('<dc:title xml:lang="zh">公开论文 1：人工智能与知识组织</dc:title>');
    expect(r.text).toContain('<dc:creator>张三</dc:creator><dc:creator>李四</dc:creator>');
    expect(r.text).toContain('<dc:description>摘要 &amp; 说明</dc:description>');
    expect(r.text).toContain(`<dc:identifier>http://${HOST}/microapp/explore/resources/article/${row.id}</dc:identifier>`);
    expect(r.text).toContain(`<datestamp>${row.updated_at.slice(0, 19)}Z</datestamp>`);
    expect(all(/<setSpec>([^<]+)<\/setSpec>/g, r.text)).toEqual([`topic:${topicId}`, `topic:${topicId}:cat:${catOne}`, `topic:${topicId}:cat:${catTwo}`]);
    validate(r.text);
  });

  it('ListIdentifiers and ListRecords by set, from/until in both granularities', async () => {
    const bySet = await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=topic:${topicId}:cat:${catTwo}`);
    const ids = bySet.flatMap(headers);
    expect(ids.length).toBe(N / 4);
    const today = new Date().toISOString().slice(0, 10);
    const day = await oai(`verb=ListRecords&metadataPrefix=oai_dc&from=${today}&until=${today}`);
    expect(headers(day.text).length).toBe(OAI_PAGE_SIZE);
    expect(/completeListSize="(\d+)"/.exec(day.text)?.[1]).toBe(String(N));
    const past = await oai('verb=ListRecords&metadataPrefix=oai_dc&until=2000-01-01T00:00:00Z');
    expect(errorCode(past.text)).toBe('noRecordsMatch');
    validate(day.text, past.text);
  });
});

describe('OAI-PMH errors', () => {
  const cases: Array<[string, string, string?]> = [
    ['', 'badVerb'],
    ['verb=Harvest', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&foo=1', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-02-01T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-13-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-01&until=2024-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=专题', 'badArgument'],
    ['verb=GetRecord&identifier=oai:x:article/1', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x', 'badArgument'],
    ['verb=ListRecords&resumptionToken=garbage', 'badResumptionToken'],
    ['verb=ListIdentifiers&resumptionToken=eyJ2IjoxfQ.AAAA', 'badResumptionToken'],
    ['verb=ListSets&resumptionToken=abc', 'badResumptionToken'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    [`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:article/99999999`, 'idDoesNotExist'],
    [`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:other.example.cn:article/1`, 'idDoesNotExist'],
    [`verb=ListMetadataFormats&identifier=oai:${HOST}:article/99999999`, 'idDoesNotExist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=topic:999999', 'noRecordsMatch'],
    ['verb=ListSets', 'noSetHierarchy', 'no-topic.example.cn'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=topic:1', 'noSetHierarchy', 'no-topic.example.cn'],
  ];
  it('each error code where it applies, in a valid document with its Chinese message', async () => {
    const docs: string[] = [];
    for (const [q, code, host] of cases) {
      const r = await oai(q, host);
      expect(r.status, q).toBe(200);
      expect(errorCode(r.text), q).toBe(code);
      expect(r.text).toMatch(/<error code="\w+">[^<]*[\u4e00-\u9fff]/);
      if (code === 'badVerb' || code === 'badArgument') expect(r.text).toContain(`<request>http://${host ?? HOST}/oai</request>`);
      docs.push(r.text);
    }
    validate(...docs);
  });

  it('POST: the form body is the arguments; a repeated one is a badArgument, an unknown verb a badVerb', async () => {
    const post = (raw: string) => visitor.request('POST', '/oai', undefined, { host: HOST, raw, contentType: 'application/x-www-form-urlencoded' });
    const a = await post('verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc');
    const b = await post('verb=Harvest');
    const c = await post(`verb=ListSets`);
    expect([errorCode(a.text), errorCode(b.text), errorCode(c.text)]).toEqual(['badArgument', 'badVerb', null]);
    validate(a.text, b.text, c.text);
  });

  it('a record of a draft site, or a draft of this one, does not exist', async () => {
    const hidden = await ctx.db.selectFrom('resources').select(['id']).where('title', 'like', '隐秘%').execute();
    for (const { id } of hidden) {
      const r = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:article/${id}`);
      expect(errorCode(r.text)).toBe('idDoesNotExist');
    }
  });

  it('a draft site answers 404 like a host without a site; POST too', async () => {
    for (const host of [DRAFT_HOST, 'nowhere.example.cn']) {
      expect((await oai('verb=Identify', host)).status).toBe(404);
      expect((await oai('verb=ListRecords&metadataPrefix=oai_dc', host)).text).not.toContain('隐秘');
    }
  });

  it('a resumption token past its expiry, or issued for another verb, is a badResumptionToken', async () => {
    const first = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    const t = tokenOf(first.text)!;
    expect(/expirationDate="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"/.test(first.text)).toBe(true);
    const state = JSON.parse(Buffer.from(t.split('.')[0], 'base64url').toString());
    const expired = encodeToken(ctx.config.secret, { ...state, exp: Date.now() - 1000 });
    const r = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(expired)}`);
    expect(errorCode(r.text)).toBe('badResumptionToken');
    const other = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(t)}`);
    expect(errorCode(other.text)).toBe('badResumptionToken');
    const tampered = encodeToken('another-secret', state);
    expect(errorCode((await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(tampered)}`)).text)).toBe('badResumptionToken');
    validate(r.text, other.text);
  });
});

describe('a full harvest', () => {
  it('finds each published record once, no draft, no unpublished; cursor and completeListSize hold', async () => {
    const pages = await harvest('verb=ListRecords&metadataPrefix=oai_dc');
    expect(pages.length).toBe(Math.ceil(N / OAI_PAGE_SIZE));
    const hs = pages.flatMap(headers);
    expect(hs.length).toBe(N);
    expect(new Set(hs.map((h) => h.id)).size).toBe(N);
    expect(hs.some((h) => h.deleted)).toBe(false);
    expect(pages.join('')).not.toContain('隐秘');
    const cursors = pages.map((p) => /cursor="(\d+)"/.exec(p)?.[1]);
    expect(cursors).toEqual(pages.map((_, i) => String(i * OAI_PAGE_SIZE)));
    for (const p of pages) expect(/completeListSize="(\d+)"/.exec(p)?.[1]).toBe(String(N));
    // the last page closes the list with an empty token
    expect(pages[pages.length - 1]).toMatch(/<resumptionToken completeListSize="2000" cursor="1800"\/>/);
  });

  it('a record deleted between two pages is reported deleted; one edited comes back in a later from-harvest', async () => {
    const rows = await ctx.db.selectFrom('resources').select(['id', 'source_key']).where('source_key', 'in', ['oai-1999', 'oai-2000', 'oai-3']).execute();
    const id = (k: string) => rows.find((r) => r.source_key === k)!.id;
    const start = new Date(Date.now() + 1000).toISOString().slice(0, 19) + 'Z';
    await new Promise((res) => setTimeout(res, 1100));
    const pages = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc', async (page) => {
      if (page !== 1) return;
      // after the first page: withdraw one record (unpublish), delete another from the topic, edit a third
      await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', '=', id('oai-1999')).where('topic_id', '=', topicId).execute();
      await ctx.db.deleteFrom('resource_topics').where('resource_id', '=', id('oai-2000')).where('topic_id', '=', topicId).execute();
      await upsertResources(ctx.db, [item(3, { title: '公开论文 3（修订）' })]);
    });
    const hs = pages.flatMap(headers);
    const of = (k: string) => hs.filter((h) => h.id === `oai:${HOST}:article/${id(k)}`);
    expect(of('oai-1999')).toEqual([expect.objectContaining({ deleted: true })]);
    expect(of('oai-2000')).toEqual([expect.objectContaining({ deleted: true })]);
    // the edited record was on page 1 already; it comes again at the end with its new datestamp
    expect(of('oai-3').length).toBe(2);
    const later = await harvest(`verb=ListRecords&metadataPrefix=oai_dc&from=${start}`);
    const lh = later.flatMap(headers);
    expect(lh.map((h) => [h.id, h.deleted])).toEqual(
      expect.arrayContaining([
        [`oai:${HOST}:article/${id('oai-3')}`, false],
        [`oai:${HOST}:article/${id('oai-1999')}`, true],
        [`oai:${HOST}:article/${id('oai-2000')}`, true],
      ]),
    );
    expect(lh.length).toBe(3);
    expect(later.join('')).toContain('公开论文 3（修订）');
    // GetRecord of a withdrawn record: its header, deleted, without metadata
    const g = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:article/${id('oai-1999')}`);
    expect(g.text).toMatch(/<record><header status="deleted">.*<\/header><\/record>/);
    validate(g.text);
    // published again: no longer deleted, with a new datestamp
    await ctx.db.updateTable('resource_topics').set({ published: 1 }).where('resource_id', '=', id('oai-1999')).where('topic_id', '=', topicId).execute();
    const back = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:article/${id('oai-1999')}`);
    expect(back.text).not.toContain('status="deleted"');
    expect(back.text).toContain('<dc:title xml:lang="zh">');
  }, 60_000);
});

describe('rate limit', () => {
  it('/oai counts in the per-address limit of the API: past it, 429 with a Chinese message and Retry-After', async () => {
    const limited = await createTestContext({ rateLimitPerMinute: 3 });
    try {
      await insertApplication(limited.db, { name: '限流站', host: HOST, topicId: null, status: 'released' });
      const c = limited.client('10.77.0.1');
      const statuses: number[] = [];
      let last = await c.get('/oai?verb=Identify', { host: HOST });
      statuses.push(last.status);
      for (let i = 0; i < 3; i++) {
        last = await c.get('/oai?verb=Identify', { host: HOST });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last.body.error.message).toMatch(/[\u4e00-\u9fff]/);
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
