/**
 * The map of China's reads (server/routes/map; issue 31 §3; decisions 720-722) on a small catalogue:
 * institutions placed by their province (or 香港 by country code), scholars by link or name, research
 * outputs by the institutions they name; withdrawn records, a draft site's records and news not counted;
 * a bad metric or province 400 in Chinese, a draft site 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, insertApplication, type TestContext } from '../../test/harness.js';
import { ensureTopic, upsertResources } from '../../resources/store.js';
import type { ResourceInput } from '../../resources/store.js';
import { MSG } from '../../../common/messages.js';
import { PROVINCES } from '../../../common/provinces.js';

let ctx: TestContext;
let released: number;
let draft: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const topic = await ensureTopic(ctx.db, '地图专题');
  const draftTopic = await ensureTopic(ctx.db, '草稿专题');
  released = await insertApplication(ctx.db, { name: '地图站', host: 'map.example.cn', topicId: topic, status: 'released' });
  draft = await insertApplication(ctx.db, { name: '草稿站', host: 'draft.example.cn', topicId: draftTopic, status: 'draft' });
  const inst = (key: string, title: string, fields: Record<string, unknown>, topicId = topic): ResourceInput => ({
    type: 'institution',
    sourceKey: key,
    title,
    fields,
    topicId,
  });
  await upsertResources(ctx.db, [
    inst('pku', '北京大学', { province: '北京市' }),
    inst('thu', '清华大学', { province: '北京' }),
    inst('fdu', '复旦大学', { province: '上海市' }),
    inst('hku', 'The University of Hong Kong', { country_code: 'hk', country: '中国香港' }),
    inst('none', '无省份学院', {}),
    inst('hidden', '撤回大学', { province: '广东省' }),
    inst('draft', '草稿大学', { province: '江苏省' }, draftTopic),
  ]);
  for (const r of await ctx.db.selectFrom('resources').select(['id', 'source_key']).execute()) ids[r.source_key] = r.id;
  const rec = (type: ResourceInput['type'], key: string, fields: Record<string, unknown>): ResourceInput => ({
    type,
    sourceKey: key,
    title: key,
    fields,
    topicId: topic,
  });
  await upsertResources(ctx.db, [
    rec('scholar', 's1', { institutionId: ids.pku, institution: 'Peking University' }),
    rec('scholar', 's2', { institutionId: ids.pku }),
    rec('scholar', 's3', { institution: '清华大学' }),
    rec('scholar', 's4', { institution: '复旦大学' }),
    rec('scholar', 's-hidden', { institutionId: ids.pku }),
    rec('scholar', 's-hk', { institutionId: ids.hku }),
    rec('article', 'a1', { institution: '北京大学' }),
    // names two 北京 institutions: once in 北京, once for each institution
    rec('patent', 'p1', { institution: '北京大学', undertaking_institution: '清华大学' }),
    rec('report', 'r1', { affiliation: '复旦大学' }),
    rec('news', 'n1', { institution: '北京大学' }),
    rec('article', 'a-hidden', { institution: '复旦大学' }),
  ]);
  for (const r of await ctx.db.selectFrom('resources').select(['id', 'source_key']).execute()) ids[r.source_key] = r.id;
  // withdrawn: unpublished in their topic
  await ctx.db.updateTable('resource_topics').set({ published: 0 }).where('resource_id', 'in', [ids.hidden, ids['s-hidden'], ids['a-hidden']]).execute();
});
afterAll(async () => ctx?.close());

const counts = async (query: string) => {
  const r = await ctx.client().get(`/api/v1/map/provinces?${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body as { metric: string; provinces: Array<{ province: string; count: number }>; unplaced: number };
};
const nonZero = (b: { provinces: Array<{ province: string; count: number }> }) =>
  Object.fromEntries(b.provinces.filter((p) => p.count > 0).map((p) => [p.province, p.count]));

describe('GET /api/v1/map/provinces', () => {
  it('counts the published institutions of the site per division, all 34 in order, and those without a province', async () => {
    const b = await counts(`applicationId=${released}`);
    expect(b.metric).toBe('institutions');
    expect(b.provinces.map((p) => p.province)).toEqual([...PROVINCES]);
    expect(nonZero(b)).toEqual({ 北京: 2, 上海: 1, 香港: 1 });
    expect(b.unplaced).toBe(1);
  });

  it('counts scholars by link or name, and research outputs once per division', async () => {
    expect(nonZero(await counts(`applicationId=${released}&metric=scholars`))).toEqual({ 北京: 3, 上海: 1, 香港: 1 });
    expect(nonZero(await counts(`applicationId=${released}&metric=records`))).toEqual({ 北京: 2, 上海: 1 });
  });

  it('without a site, counts what the visitor may read: not the draft site’s records', async () => {
    expect(nonZero(await counts('metric=institutions'))).toEqual({ 北京: 2, 上海: 1, 香港: 1 });
  });

  it('a super manager previewing the draft site sees its published records', async () => {
    const admin = await ctx.signIn('13800000001', 'super');
    const r = await admin.get(`/api/v1/map/provinces?applicationId=${draft}`);
    expect(r.status).toBe(200);
    expect(nonZero(r.body)).toEqual({ 江苏: 1 });
  });

  it('refuses a bad metric (400) and a draft site (404) in Chinese', async () => {
    for (const m of ['papers', '', 'INSTITUTIONS']) {
      const r = await ctx.client().get(`/api/v1/map/provinces?metric=${m}`);
      expect(r.status, m).toBe(400);
      expect(r.body.error.message).toBe(MSG.mapMetricInvalid);
    }
    const d = await ctx.client().get(`/api/v1/map/provinces?applicationId=${draft}`);
    expect(d.status).toBe(404);
    expect(d.body.error.message).toBe(MSG.applicationNotFound);
    expect((await ctx.client().get('/api/v1/map/provinces?applicationId=abc')).status).toBe(400);
  });
});

describe('GET /api/v1/map/provinces/{province}', () => {
  const province = (name: string, query = `applicationId=${released}`) => ctx.client().get(`/api/v1/map/provinces/${encodeURIComponent(name)}?${query}`);

  it('lists the division’s institutions with their scholars and outputs, most scholars first', async () => {
    for (const name of ['北京', '北京市']) {
      const r = await province(name);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        province: '北京',
        institutions: [
          { id: ids.pku, title: '北京大学', scholars: 2, records: 2 },
          { id: ids.thu, title: '清华大学', scholars: 1, records: 1 },
        ],
      });
    }
    expect((await province('香港特别行政区')).body.institutions).toEqual([{ id: ids.hku, title: 'The University of Hong Kong', scholars: 1, records: 0 }]);
  });

  it('leaves out withdrawn institutions and answers an empty list for a division without any', async () => {
    expect((await province('广东')).body).toEqual({ province: '广东', institutions: [] });
    expect((await province('江苏')).body.institutions).toEqual([]);
  });

  it('refuses a name that is no division with 400 in Chinese', async () => {
    for (const name of ['石家庄市', '南海诸岛', 'x'.repeat(41)]) {
      const r = await province(name);
      expect(r.status, name).toBe(400);
      expect(r.body.error.message).toBe(MSG.mapProvinceInvalid);
    }
  });
});
