/**
 * GET /api/v1/modules/top-scholar/suggestions, POST /api/v1/resources/conferences/suggestions and
 * POST /api/v3/resources/journal (spec 2 §7 'Content'; docs/decisions.md 296), on SQLite and PostgreSQL;
 * each 400 with its exact `fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { probeBadInput } from '../../test/badInputProbe.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const topicId = await ensureTopic(ctx.db, '建议专题');
  await upsertResources(ctx.db, [
    { type: 'scholar', sourceKey: 's1', title: '张伟', date: null, fields: { institution: '北京大学' }, topicId },
    { type: 'scholar', sourceKey: 's2', title: '张三丰', date: null, fields: { institution: '武当山研究院' }, topicId },
    { type: 'scholar', sourceKey: 's3', title: '李张', date: null, fields: {}, topicId },
    { type: 'journal', sourceKey: '0252-3116', title: '图书情报工作', date: null, fields: { issn: '0252-3116' }, topicId },
    { type: 'journal', sourceKey: '1000-0135', title: '情报学报', date: null, fields: { issn: '1000-0135' }, topicId },
    { type: 'journal', sourceKey: '1002-1965', title: '情报杂志', date: null, fields: { issn: '1002-1965' }, topicId },
    { type: 'conference', sourceKey: 'c1', title: 'International Conference on Digital Libraries', date: '2024-06-01', fields: { location: '北京' }, topicId },
    { type: 'conference', sourceKey: 'c2', title: 'Information Retrieval Symposium', date: '2023-09-01', fields: {}, topicId },
    { type: 'scholar', sourceKey: 'x1', title: 'Inter 学者', date: null, fields: {}, topicId },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/modules/top-scholar/suggestions', () => {
  it('suggests scholars whose name starts with the text, with their institution, to anybody', async () => {
    const r = await ctx.client().get(`/api/v1/modules/top-scholar/suggestions?q=${encodeURIComponent('张')}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: expect.any(Number), title: '张三丰', detail: '武当山研究院' },
      { id: expect.any(Number), title: '张伟', detail: '北京大学' },
    ]);
    expect((await ctx.client().get(`/api/v1/modules/top-scholar/suggestions?q=${encodeURIComponent('王')}`)).body).toEqual([]);
  });

  it('refuses a missing, empty or too long text with 400 and the field', async () => {
    for (const [q, message] of [
      ['', MSG.suggestQueryRequired],
      ['?q=%20', MSG.suggestQueryRequired],
      ['?q=a&q=b', MSG.suggestQueryRequired],
      [`?q=${'x'.repeat(51)}`, MSG.suggestQueryTooLong],
    ] as const) {
      const r = await ctx.client().get(`/api/v1/modules/top-scholar/suggestions${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toEqual({ code: 'bad_request', message, fields: { 'query.q': message } });
    }
  });

  it('never answers 500 to junk queries', async () => {
    expect(await probeBadInput(ctx.client(), 'GET', '/api/v1/modules/top-scholar/suggestions')).toEqual([]);
  });
});

describe('POST /api/v1/resources/conferences/suggestions', () => {
  it('suggests conferences by the start of their title (other types left out)', async () => {
    const r = await ctx.client().post('/api/v1/resources/conferences/suggestions', { q: 'In' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: expect.any(Number), title: 'Information Retrieval Symposium', detail: '2023' },
      { id: expect.any(Number), title: 'International Conference on Digital Libraries', detail: '北京' },
    ]);
  });

  it('refuses a missing, empty or too long text, or a body that is not an object, with 400 and the field', async () => {
    for (const [body, message] of [
      [{}, MSG.suggestQueryRequired],
      [{ q: ' ' }, MSG.suggestQueryRequired],
      [{ q: 5 }, MSG.suggestQueryRequired],
      [{ q: 'x'.repeat(51) }, MSG.suggestQueryTooLong],
    ] as const) {
      const r = await ctx.client().post('/api/v1/resources/conferences/suggestions', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toEqual({ code: 'bad_request', message, fields: { 'body.q': message } });
    }
    const notObject = await ctx.client().request('POST', '/api/v1/resources/conferences/suggestions', undefined, { raw: '[]' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toEqual({ code: 'bad_request', message: MSG.badRequest, fields: { body: '应为对象' } });
  });

  it('never answers 500 to junk bodies or queries', async () => {
    expect(await probeBadInput(ctx.client(), 'POST', '/api/v1/resources/conferences/suggestions')).toEqual([]);
  });
});

describe('POST /api/v3/resources/journal', () => {
  it('finds a journal by ISSN, or pages journals by the start of their title', async () => {
    const byIssn = await ctx.client().post('/api/v3/resources/journal', { issn: '1000-0135' });
    expect(byIssn.status).toBe(200);
    expect(byIssn.body).toMatchObject({ totalElements: 1, content: [{ title: '情报学报', issn: '1000-0135' }] });
    expect((await ctx.client().post('/api/v3/resources/journal', { issn: '9999-999x' })).body).toMatchObject({ totalElements: 0, empty: true });
    const byTitle = await ctx.client().post('/api/v3/resources/journal', { q: '情报', size: 1 });
    expect(byTitle.body).toMatchObject({ totalElements: 2, page: 1, size: 1, content: [{ title: '情报学报' }] });
    const second = await ctx.client().post('/api/v3/resources/journal', { q: '情报', size: 1, page: 2 });
    expect(second.body.content.map((j: { title: string }) => j.title)).toEqual(['情报杂志']);
    expect((await ctx.client().post('/api/v3/resources/journal', {})).body.totalElements).toBe(3);
  });

  it('refuses a malformed ISSN, text, page or page size with 400 and the field', async () => {
    const r = await ctx.client().post('/api/v3/resources/journal', { issn: '12345678' });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'bad_request', message: MSG.issnInvalid, fields: { 'body.issn': MSG.issnInvalid } });
    for (const [body, fields] of [
      [{ issn: 1234 }, { 'body.issn': MSG.issnInvalid }],
      [{ size: 500 }, { 'body.size': MSG.invalidInput }],
      [
        { size: 0, page: 0 },
        { 'body.page': MSG.invalidInput, 'body.size': MSG.invalidInput },
      ],
      [
        { page: 'x', size: 1.5 },
        { 'body.page': MSG.invalidInput, 'body.size': MSG.invalidInput },
      ],
      [{ q: ['情报'] }, { 'body.q': MSG.invalidInput }],
      [{ q: 'x'.repeat(101) }, { 'body.q': MSG.suggestQueryTooLong }],
    ] as const) {
      const res = await ctx.client().post('/api/v3/resources/journal', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    const notObject = await ctx.client().request('POST', '/api/v3/resources/journal', undefined, { raw: '"情报"' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toEqual({ code: 'bad_request', message: MSG.badRequest, fields: { body: '应为对象' } });
  });

  it('never answers 500 to junk bodies or queries', async () => {
    expect(await probeBadInput(ctx.client(), 'POST', '/api/v3/resources/journal')).toEqual([]);
  });
});

describe('the suggestion reads', () => {
  it('read the (type, title) index, not the whole table', async () => {
    if (testDialect === 'postgres') {
      // one connection: the setting holds for the statement after it
      const text = await ctx.db.connection().execute(async (c) => {
        await sql`set enable_seqscan = off`.execute(c);
        const plan = await sql<{
          'QUERY PLAN': string;
        }>`explain select id from resources where type = 'scholar' and title collate "C" >= '张' and title collate "C" < ${'张' + String.fromCodePoint(0x10ffff)} order by title collate "C" limit 10`.execute(
          c,
        );
        await sql`reset enable_seqscan`.execute(c);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toContain('resources_type_title');
    } else {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from resources where type = 'scholar' and title >= '张' and title < ${'张' + String.fromCodePoint(0x10ffff)} order by title limit 10`.execute(
        ctx.db,
      );
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain('resources_type_title');
    }
  });
});
