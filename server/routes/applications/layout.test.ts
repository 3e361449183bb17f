/**
 * The home config of layouts (spec 1 §3 'flex', 'Home config' groups; §4 'Group templates'): modules
 * nested in a flex module's slots are validated against their own type's schema (400 with the field
 * path and the Chinese message, nothing written), a flex inside a flex is refused, ids are unique
 * across nesting, and the groups map follows the modules (an emptied group is deleted). The home page
 * HTML embeds the first page of the nested modules' reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';
import { homeBoot } from '../../web/index.js';

let ctx: TestContext;
let admin: Client;
let id: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13900000011', 'super');
  id = (await admin.post('/api/v1/applications', { name: '布局站点', host: 'layout.example.cn' })).body.applicationId;
});
afterAll(async () => {
  await ctx.close();
});

const notice = (nid: string, extra: Record<string, unknown> = {}) => ({ id: nid, type: 'notice', alias: '通知公告', span: 1, ...extra });
const flex = (fid: string, slots: unknown[][], extra: Record<string, unknown> = {}) => ({
  id: fid,
  type: 'flex',
  alias: '布局组件',
  span: 5,
  height: 'auto',
  isTop: true,
  bgColor: 'transparent',
  componentDirection: 'row',
  componentNumber: slots.length,
  componentGap: 12,
  components: slots.map((modules, i) => ({ id: `${fid}-s${i}`, type: 'div', modules })),
  ...extra,
});
const save = (template: unknown[], extra: Record<string, unknown> = {}) =>
  admin.post(`/api/v1/applications/${id}/home-config`, { homeConfig: [{ page: 'home', template, style: 'card', ...extra }] });
const stored = async () =>
  JSON.parse((await ctx.db.selectFrom('applications').select('home_config').where('id', '=', id).executeTakeFirstOrThrow()).home_config);

describe('flex modules in the home config', () => {
  it('stores a flex with a module in each slot, each checked by its own type', async () => {
    const r = await save([flex('f1', [[notice('n1', { span: 5 })], [notice('n2', { showPublishTime: false })], []])]);
    expect(r.status).toBe(200);
    const row = await stored();
    const slots = row[0].template[0].components;
    expect(slots).toHaveLength(3);
    expect(slots[0].modules[0]).toMatchObject({ id: 'n1', type: 'notice', alias: '通知公告', version: 1 });
    expect(slots[1].modules[0].showPublishTime).toBe(false);
    expect(slots[2].modules).toEqual([]);
    // a third of a full-width flex: shown (and read) at span 1 whatever span was sent
    expect(slots[0].modules[0].span).toBe(1);
  });

  it('refuses a nested module whose alias is empty with 400, the field path and 请输入模块标题, and writes nothing', async () => {
    const before = await stored();
    const r = await save([flex('f1', [[notice('n1')], [notice('n2', { alias: '' })]])]);
    expect(r.status).toBe(400);
    expect(r.body.error.fields['homeConfig.0.template.0.components.1.modules.0.alias']).toBe(MSG.moduleTitleRequired);
    expect(r.body.error.message).toBe(MSG.moduleTitleRequired);
    expect(await stored()).toEqual(before);
  });

  it('refuses a nested module of a bad shape for its type, a flex inside a flex and a repeated id', async () => {
    const badSpan = await save([flex('f1', [[notice('n1', { span: 9 })]])]);
    expect(badSpan.status).toBe(400);
    expect(badSpan.body.error.fields['homeConfig.0.template.0.components.0.modules.0.span']).toBeDefined();
    const nested = await save([flex('f1', [[flex('f2', [[]])]])]);
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields['homeConfig.0.template.0.components.0.modules.0.type']).toBe(MSG.flexNotNested);
    const dup = await save([notice('n1'), flex('f1', [[notice('n1')]])]);
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields['homeConfig.0.template.1.components.0.modules.0.id']).toBeDefined();
  });

  it('refuses a row whose set widths pass 100%', async () => {
    const f = flex('f1', [[], []]);
    (f.components as Array<Record<string, unknown>>)[0].divWidth = 60;
    (f.components as Array<Record<string, unknown>>)[1].divWidth = 50;
    const r = await save([f]);
    expect(r.status).toBe(400);
    expect(r.body.error.fields['homeConfig.0.template.0.components']).toBe(MSG.flexWidthOver);
  });

  it('embeds the first page of a nested notice module in the home page HTML', async () => {
    await save([flex('f1', [[notice('n1')]])]);
    // a visitor sees only a released site (decision #139)
    await ctx.db.updateTable('applications').set({ status: 'released' }).where('host', '=', 'layout.example.cn').execute();
    const boot = await homeBoot(ctx.db, 'layout.example.cn', null);
    expect(boot.data.n1?.notice).toMatchObject({ content: [], totalElements: 0 });
  });
});

describe('groups of a fullScreen page (spec 1 §4 Group templates)', () => {
  it('keeps one groups entry per group in use and deletes a group no module keeps', async () => {
    const r = await save(
      [
        notice('a', { groupId: 'group-one', backgroundColor: 'grey', description: '第一组' }),
        notice('b', { groupId: 'group-one' }),
        notice('c', { groupId: 'group-two' }),
      ],
      { style: 'fullScreen', groups: { 'group-one': { id: 'group-one' }, 'group-gone': { id: 'group-gone' } } },
    );
    expect(r.status).toBe(200);
    let row = await stored();
    expect(row[0].style).toBe('fullScreen');
    expect(row[0].groups).toEqual({ 'group-one': { id: 'group-one', backgroundColor: 'grey', description: '第一组' }, 'group-two': { id: 'group-two' } });

    // c leaves group-two for group-one: group-two is empty and goes
    const moved = await save([notice('a', { groupId: 'group-one' }), notice('b', { groupId: 'group-one' }), notice('c', { groupId: 'group-one' })], {
      style: 'fullScreen',
      groups: row[0].groups,
    });
    expect(moved.status).toBe(200);
    row = await stored();
    expect(Object.keys(row[0].groups)).toEqual(['group-one']);
    expect(moved.body.homeConfig[0].groups).toEqual(row[0].groups);
  });

  it('refuses a group id that is not group- plus an id', async () => {
    const r = await save([notice('a', { groupId: 'other' })], { style: 'fullScreen' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields['homeConfig.0.template.0.groupId']).toBeDefined();
  });
});
