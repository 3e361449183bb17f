/**
 * The console resource fields (spec 1 §3 'Listing items'): every console type has a spec, and
 * the schemas built from it accept good bodies, drop blank optional fields, and refuse bad ones with
 * the field's Chinese message.
 */
import { describe, expect, it } from 'vitest';
import { CONSOLE_RESOURCE_TYPES, RESOURCE_TYPE_SPECS, STORED_FILE_PATH, getPath, resourceBodySchema, setPath } from './resourceFields';
import { RESOURCE_TYPES } from './constants';
import { MSG } from './messages';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('resource field specs', () => {
  it.each(CONSOLE_RESOURCE_TYPES)('%s: a title alone passes unless a field is required, which is named', (type) => {
    const r = resourceBodySchema(type).safeParse({ title: '标题', fields: {} });
    const required = RESOURCE_TYPE_SPECS[type].fields.filter((f) => f.required).map((f) => `fields.${f.name}`);
    expect(Object.keys(issues(r)).sort()).toEqual(required.sort());
  });

  it('drops blank optional fields and keeps nested ones', () => {
    const r = resourceBodySchema('job').parse({
      title: '研究助理',
      date: '',
      fields: { work_address: ' ', salary: '', institution: { name: '研究所', subjects: [] } },
    });
    expect(r).toEqual({ title: '研究助理', date: null, fields: { institution: { name: '研究所' } } });
  });

  it.each([
    ['news', { cover: 'data:image/png;base64,x' }, 'fields.cover', MSG.linkInvalid],
    ['book', { year: 99999 }, 'fields.year', '出版年份须为 1000 到 2100 之间的整数'],
    ['project', { start_date: '2025-13-01' }, 'fields.start_date', '日期格式应为 yyyy-MM-dd'],
    ['report', { author: ['张三', '<i>x</i>'] }, 'fields.author.1', MSG.noMarkup],
    ['standard', { standard_no: 'GB/T 1', status: '作废了' }, 'fields.status', '请选择状态'],
    ['wechat_article', { wechatId: 'abc', url: '' }, 'fields.url', '请输入文章链接'],
  ] as const)('%s refuses %j', (type, fields, path, message) => {
    expect(issues(resourceBodySchema(type).safeParse({ title: '标题', fields }))[path]).toBe(message);
  });

  it('reads and writes dotted names', () => {
    const o: Record<string, unknown> = {};
    setPath(o, 'institution.name', '所');
    expect(getPath(o, 'institution.name')).toBe('所');
    setPath(o, 'institution.name', undefined);
    expect(o).toEqual({ institution: {} });
    expect(getPath({ a: 'x' }, 'a.b')).toBeUndefined();
  });
});

describe('stored file paths (a PDF field keeps `/files/<key>`)', () => {
  it('accepts every key the upload service makes, also those starting with - or _ (base64url), and nothing else', () => {
    for (const key of ['AbCdEfGhIjKlMnOpQrStUv.pdf', '-bCdEfGhIjKlMnOpQrStUv.pdf', '_bCdEfGhIjKlMnOpQrStUv.pdf'])
      expect(STORED_FILE_PATH.test(`/files/${key}`)).toBe(true);
    for (const path of ['/files/../etc/passwd', '/files/.hidden', '/files/', 'https://example.cn/files/a.pdf', '/files/a/b.pdf'])
      expect(STORED_FILE_PATH.test(path)).toBe(false);
    const body = resourceBodySchema('report').safeParse({ title: '报告', fields: { reportType: '研究报告', pdf: '/files/-bCdEfGhIjKlMnOpQrStUv.pdf' } });
    expect(body.success).toBe(true);
  });
});

describe('the imported types (every type is added and edited on the data page)', () => {
  it.each(RESOURCE_TYPES.filter((t) => !(CONSOLE_RESOURCE_TYPES as readonly string[]).includes(t)))('%s has a spec whose title alone passes', (type) => {
    expect(RESOURCE_TYPE_SPECS[type].label).toBeTruthy();
    expect(resourceBodySchema(type).safeParse({ title: '标题', fields: {} }).success).toBe(true);
  });

  it('takes an article as the importers store it, and refuses what the panels could not read', () => {
    const ok = resourceBodySchema('article').safeParse({
      title: '论文',
      date: '2024-01-01',
      fields: { author: ['王晓'], keywords: ['元数据'], journal: '中国图书馆学报', doi: '10.1000/x', abstract: '长'.repeat(5000) },
    });
    expect(ok.success).toBe(true);
    const bad = resourceBodySchema('article').safeParse({ title: '论文', fields: { author: '王晓', url: 'javascript:alert(1)', volume: '3' } });
    expect(issues(bad)).toEqual({ 'fields.author': '作者应为列表', 'fields.url': expect.any(String), fields: '包含不认识的字段：volume' });
  });

  it('a journal: an impact factor to 3 decimals, a partition 1-4', () => {
    const j = (fields: Record<string, unknown>) => issues(resourceBodySchema('journal').safeParse({ title: '刊', fields }));
    expect(j({ impact_factor: 3.108, partition: 2 })).toEqual({});
    expect(j({ impact_factor: 3.1085 })).toEqual({ 'fields.impact_factor': '影响因子须为 0 到 1000 之间的数' });
    expect(j({ partition: 1.5 })).toEqual({ 'fields.partition': '分区须为 1 到 4 之间的整数' });
    expect(j({ partition: 5 })).toEqual({ 'fields.partition': '分区须为 1 到 4 之间的整数' });
  });
});
