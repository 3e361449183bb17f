/** The catalogue editor's form values round-trip to the API's entry (app/console/xmodules/entryForm.ts). */
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE } from '@modules/xmodule/builtins';
import { catalogueEntrySchema, componentValue, type CatalogueEntry } from '@modules/xmodule/catalogue';
import { formPathOf, fromFormValues, toFormValues } from './entryForm';

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
