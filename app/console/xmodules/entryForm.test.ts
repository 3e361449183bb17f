/** The catalogue editor's form values round-trip to the API's entry (app/console/xmodules/entryForm.ts). */
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE } from '@modules/xmodule/builtins';
import { catalogueEntrySchema, componentValue, unknownRendererMessage, type CatalogueEntry } from '@modules/xmodule/catalogue';
import { entryFormErrors, formPathOf, fromFormValues, toFormValues, type EntryFormValues } from './entryForm';

describe('catalogue editor values', () => {
  it.each(BUILTIN_CATALOGUE.map((e) => [e.moduleName, e] as const))('%s round-trips through the form', (_n, raw) => {
    const e = catalogueEntrySchema.parse(raw);
    const entry: CatalogueEntry = { ...e, id: 1, value: componentValue(e), createdAt: '', updatedAt: '' };
    expect(catalogueEntrySchema.parse(fromFormValues(toFormValues(entry)))).toEqual(e);
  });
  it('types the isShow value like the param it looks at', () => {
    const v = toFormValues();
    v.moduleName = 'a';
    v.group = 'g';
    v.name = 'n';
    v.alias = 'a';
    v.params = [
      { field: 'n', name: '数', type: 'number' },
      { field: 's', name: '开', type: 'switch' },
      { field: 'x', name: '甲', type: 'input', isShowUi: { field: 'n', op: 'in', value: '1, 2' } },
      { field: 'y', name: '乙', type: 'input', isShowUi: { field: 's', op: 'equals', value: 'true' } },
    ];
    const out = fromFormValues(v);
    expect(out.params![2].isShow).toEqual({ field: 'n', in: [1, 2] });
    expect(out.params![3].isShow).toEqual({ field: 's', equals: true });
  });
  it('maps server paths onto the form', () => {
    expect(formPathOf(['params', 0, 'isShow', 'field'])).toEqual(['params', 0, 'isShowUi', 'field']);
    expect(formPathOf(['params', 1, 'isShow'])).toEqual(['params', 1, 'isShowUi', 'field']);
    expect(formPathOf(['params', 0, 'rule', 'pattern'])).toEqual(['params', 0, 'rule', 'pattern']);
  });
});

describe("the catalogue form's own check (decision 435)", () => {
  const valid = (): EntryFormValues => ({
    ...toFormValues(),
    moduleName: 'stats',
    group: '统计',
    name: '数据统计',
    alias: '数据统计',
    params: [{ field: 'count', name: '数量', type: 'number', rule: { min: 1, max: 10 } }],
  });

  it('passes an entry the server accepts', () => {
    expect(entryFormErrors(valid())).toEqual([]);
  });

  it("refuses what the server refuses, on the form's fields, with the server's messages", () => {
    const v = valid();
    v.moduleName = 'nosuch-renderer';
    v.group = '';
    v.params = [
      { field: 'count', name: '数量', type: 'number', rule: { min: 5, max: 1 } },
      { field: 'count', name: '数量二', type: 'input' },
      { field: 'x', name: '甲', type: 'input', isShowUi: { field: 'x', op: 'equals', value: '1' } },
    ];
    const byPath = Object.fromEntries(entryFormErrors(v).map((e) => [e.name.join('.'), e.errors[0]]));
    expect(byPath.moduleName).toBe(unknownRendererMessage('nosuch-renderer'));
    expect(byPath.moduleName).toContain('search-box');
    expect(byPath.group).toMatch(/[\u4e00-\u9fff]/);
    expect(byPath['params.0.rule.max']).toBe('最小值不能大于最大值');
    expect(byPath['params.1.field']).toBe('参数字段名 count 重复');
    expect(byPath['params.2.isShowUi.field']).toBe('显示条件须引用另一个参数');
  });
});
