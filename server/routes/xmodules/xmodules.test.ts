/**
 * The custom component catalogue (spec 1 §3): seeded with the built-in renderers, read by
 * managers, written by super managers only, validated strictly (400 with a Chinese message naming the
 * field), (moduleName, type) unique (409), the moduleName one of the built-in renderers (400 listing them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let user: Client;

const entry = (extra: Record<string, unknown> = {}) => ({
  moduleName: 'text-block',
  type: 'notice',
  group: '内容',
  name: '通知横条',
  alias: '通知',
  more: '/resources/notices',
  isNeedLogin: false,
  params: [
    { field: 'text', name: '文字', type: 'input', rule: { required: true, max: 50, message: '请输入文字（不超过 50 字）' }, attrs: { placeholder: '一句话' } },
    {
      field: 'mode',
      name: '样式',
      type: 'radio',
      defaultValue: 'plain',
      options: [
        { label: '普通', value: 'plain' },
        { label: '醒目', value: 'bold' },
      ],
    },
    { field: 'color', name: '颜色', type: 'select', optionsUrl: '/api/v1/xmodules/options/resource-types', isShow: { field: 'mode', equals: 'bold' } },
  ],
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13400000001', 'super');
  const appId = (await admin.post('/api/v1/applications', { name: '站点', host: 'x.example.cn' })).body.applicationId;
  manager = await ctx.signIn('13400000002');
  user = await ctx.signIn('13400000003');
  const m = await ctx.db.selectFrom('users').select('id').where('phone', 'like', '%13400000002').executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: appId, user_id: m.id }).execute();
});
afterAll(async () => {
  await ctx.close();
});

describe('reading', () => {
  it('gives managers the seeded built-in components; others are refused', async () => {
    const r = await manager.get('/api/v1/xmodules');
    expect(r.status).toBe(200);
    const values = r.body.content.map((e: { value: string }) => e.value);
    expect(values).toEqual(expect.arrayContaining(['search-box-default', 'text-block-default', 'stats-default', 'image-banner-default']));
    const stats = r.body.content.find((e: { value: string }) => e.value === 'stats-default');
    expect(stats).toMatchObject({ moduleName: 'stats', type: 'default', group: '内容', name: '数据统计', isNeedLogin: false });
    expect(stats.params.find((p: { field: string }) => p.field === 'value4').isShow).toEqual({ field: 'count', equals: '4' });
    expect((await user.get('/api/v1/xmodules')).status).toBe(403);
    expect((await ctx.client().get('/api/v1/xmodules')).status).toBe(401);
  });

  it('answers the resource-type options of the search box as [{ label, value }]', async () => {
    const r = await manager.get('/api/v1/xmodules/options/resource-types');
    expect(r.body).toEqual(
      expect.arrayContaining([
        { label: '政策', value: 'policy' },
        { label: '工具', value: 'tool' },
      ]),
    );
  });
});

describe('writing', () => {
  let id: number;
  it('only super managers add, change and delete entries', async () => {
    const m = await manager.post('/api/v1/xmodules', entry());
    expect(m.status).toBe(403);
    expect(m.body.error.message).toBe(MSG.forbidden);
    const r = await admin.post('/api/v1/xmodules', entry());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ value: 'text-block-notice', name: '通知横条', message: MSG.xmoduleCreated });
    id = r.body.id;
    const row = await ctx.db.selectFrom('xmodule_catalogue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ module_name: 'text-block', group_name: '内容', more: '/resources/notices', is_need_login: 0 });
    expect(JSON.parse(row.params)).toHaveLength(3);

    expect((await manager.put(`/api/v1/xmodules/${id}`, entry({ name: '改名' }))).status).toBe(403);
    const put = await admin.put(`/api/v1/xmodules/${id}`, entry({ name: '公告横条', isNeedLogin: true }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: '公告横条', isNeedLogin: true, message: MSG.xmoduleSaved });

    expect((await manager.del(`/api/v1/xmodules/${id}`)).status).toBe(403);
    expect((await admin.del(`/api/v1/xmodules/${id}`)).body.message).toBe(MSG.xmoduleDeleted);
    expect(await ctx.db.selectFrom('xmodule_catalogue').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await admin.del(`/api/v1/xmodules/${id}`)).status).toBe(404);
    expect((await admin.put(`/api/v1/xmodules/${id}`, entry())).status).toBe(404);
  });

  it('refuses a moduleName without a renderer on create and change, listing the known ones, and stores nothing', async () => {
    const known = 'search-box、text-block、stats、image-banner';
    const stored = async () =>
      (await ctx.db.selectFrom('xmodule_catalogue').select(['id', 'module_name', 'type']).orderBy('id').execute()).map((r) => `${r.module_name}-${r.type}`);
    const before = await stored();
    const r = await admin.post('/api/v1/xmodules', entry({ moduleName: 'nosuch-renderer' }));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`没有名为「nosuch-renderer」的渲染器，组件标识须为以下之一：${known}`);
    expect(r.body.error.fields['body.moduleName']).toBe(r.body.error.message);
    expect(await stored()).toEqual(before);
    // nor is it offered to the editor
    expect((await manager.get('/api/v1/xmodules')).body.content.map((e: { value: string }) => e.value)).not.toContain('nosuch-renderer-notice');

    const ok = await admin.post('/api/v1/xmodules', entry({ type: 'renamed' }));
    expect(ok.status).toBe(201);
    const put = await admin.put(`/api/v1/xmodules/${ok.body.id}`, entry({ type: 'renamed', moduleName: 'notice-bar' }));
    expect(put.status).toBe(400);
    expect(put.body.error.message).toBe(`没有名为「notice-bar」的渲染器，组件标识须为以下之一：${known}`);
    const row = await ctx.db.selectFrom('xmodule_catalogue').select('module_name').where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(row.module_name).toBe('text-block');
    expect((await admin.del(`/api/v1/xmodules/${ok.body.id}`)).status).toBe(200);
  });

  it('refuses a taken (moduleName, type) with 409', async () => {
    const r = await admin.post('/api/v1/xmodules', entry({ moduleName: 'stats', type: 'default' }));
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(MSG.xmoduleTaken);
  });

  it('validates entries strictly, naming the field in Chinese and writing nothing', async () => {
    const before = (await admin.get('/api/v1/xmodules')).body.totalElements;
    const p = (over: Record<string, unknown>) => ({ params: [{ ...entry().params[0], ...over }] });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ moduleName: 'Bad Name' }, 'body.moduleName', '组件标识只含小写字母、数字和中间的连字符，如 search-box'],
      [{ type: 'a-b' }, 'body.type', '组件类型只含小写字母、数字和下划线，如 default'],
      [{ name: '' }, 'body.name', '请输入组件名称'],
      [{ group: '<b>组</b>' }, 'body.group', MSG.noMarkup],
      [{ more: 'javascript:alert(1)' }, 'body.more', MSG.linkInvalid],
      [p({ field: '1abc' }), 'body.params.0.field', '参数字段名须以字母开头，只含字母、数字和下划线'],
      [p({ type: 'code' }), 'body.params.0.type', '请选择参数类型'],
      [p({ rule: { pattern: '([a-z' } }), 'body.params.0.rule.pattern', '正则表达式无效'],
      [p({ rule: { min: 5, max: 2 } }), 'body.params.0.rule.max', '最小值不能大于最大值'],
      [p({ type: 'select' }), 'body.params.0.options', '下拉或单选参数需要选项或选项地址'],
      [p({ type: 'select', optionsUrl: 'https://evil.example.com/x' }), 'body.params.0.optionsUrl', '选项地址须为以 / 开头的站内路径'],
      [p({ type: 'number', defaultValue: 'x' }), 'body.params.0.defaultValue', '默认值与参数类型不符'],
      [p({ isShow: { field: 'text', equals: 1 } }), 'body.params.0.isShow.field', '显示条件须引用另一个参数'],
      [p({ isShow: 'return true' }), 'body.params.0.isShow', '显示条件应为 { field, equals | notEquals | in }'],
    ];
    for (const [over, field, message] of cases) {
      const r = await admin.post('/api/v1/xmodules', entry(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.fields[field], JSON.stringify(r.body.error)).toBe(message);
    }
    const extra = await admin.post('/api/v1/xmodules', entry({ script: 'alert(1)' }));
    expect(extra.status).toBe(400);
    const dup = await admin.post('/api/v1/xmodules', entry({ params: [entry().params[0], entry().params[0]] }));
    expect(dup.body.error.fields['body.params.1.field']).toBe('参数字段名 text 重复');
    expect((await admin.get('/api/v1/xmodules')).body.totalElements).toBe(before);
  });
});
