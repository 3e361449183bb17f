/**
 * The custom component (spec 1 §3 'xmodule', 'Custom component catalogue entry', §5; spec 2 §9):
 * defaults, the schema's component rule (请选择组件), heights, the param rules and the isShow predicate,
 * which params are kept on save, and the built-in catalogue entries.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { BUILTIN_CATALOGUE } from './builtins';
import { catalogueEntrySchema, checkParam, checkParams, isParamShown, keptParams, paramDefaults, parseComponent, type XParam } from './catalogue';
import { xmoduleDefinition } from './definition';
import { rendererOf } from './renderers';
import { schemaOf } from '../schemas';

const plain = { groupTemplate: false };
const mod = (extra: Record<string, unknown> = {}) => ({ ...xmoduleDefinition.defaults(plain), id: 'x1', ...extra });

describe('definition', () => {
  it('defaults: 自定义组件, span 5, minHeight 100, height auto, isTop true, fresh objects', () => {
    const d = xmoduleDefinition.defaults(plain);
    expect(d).toMatchObject({ alias: '自定义组件', span: 5, minHeight: 100, height: 'auto', isTop: true, column: 0, xmoduleParams: {} });
    expect(d.xmoduleParams).not.toBe(xmoduleDefinition.defaults(plain).xmoduleParams);
  });

  it('requires a component (请选择组件)', () => {
    for (const component of ['', undefined, 'nohyphen', '-default', 'Search-default', 'search-box-a-b!']) {
      const r = schemaOf(xmoduleDefinition.type)!.safeParse(mod({ component }));
      expect(r.success, String(component)).toBe(false);
      expect(r.error!.issues.find((i) => i.path[0] === 'component')?.message).toBe(MSG.componentRequired);
    }
    expect(schemaOf(xmoduleDefinition.type)!.safeParse(mod({ component: 'search-box-default' })).success).toBe(true);
  });

  it('refuses markup in params and heights under 100', () => {
    const r = schemaOf(xmoduleDefinition.type)!.safeParse(mod({ component: 'stats-default', xmoduleParams: { label1: '<script>x</script>' } }));
    expect(r.error!.issues[0].message).toBe(MSG.noMarkup);
    expect(schemaOf(xmoduleDefinition.type)!.safeParse(mod({ component: 'stats-default', column: 2, minHeight: 99 })).error!.issues[0].message).toBe(
      MSG.xmoduleMinHeight,
    );
    expect(schemaOf(xmoduleDefinition.type)!.safeParse(mod({ component: 'stats-default', column: 1, height: 50 })).success).toBe(false);
  });

  it.each([
    [0, 'auto', 100, 'auto'],
    [1, 240, 100, 240],
    [2, 'auto', 180, 180],
    [2, 'auto', 100, 100],
  ] as const)('column %i with height %s and minHeight %i is %s high', (column, height, minHeight, expected) => {
    expect(xmoduleDefinition.height(mod({ component: 'stats-default', column, height, minHeight }) as never, plain)).toBe(expected);
  });

  it('more link: specificLink unless hidden; no reads', () => {
    expect(xmoduleDefinition.moreLink(mod({ specificLink: '/microapp/explore' }) as never, { signedIn: false })).toBe('/microapp/explore');
    expect(xmoduleDefinition.moreLink(mod({ specificLink: '/m', hideMoreButton: true }) as never, { signedIn: false })).toBeNull();
    expect(xmoduleDefinition.reads(mod() as never)).toEqual([]);
  });

  it('splits component values at the last hyphen', () => {
    expect(parseComponent('image-banner-default')).toEqual({ moduleName: 'image-banner', type: 'default' });
    expect(parseComponent('stats-v2')).toEqual({ moduleName: 'stats', type: 'v2' });
    expect(parseComponent('stats')).toBeNull();
    expect(parseComponent(42)).toBeNull();
  });
});

describe('param rules (spec 1 §5: each param may bring its own rule)', () => {
  const text: XParam = { field: 't', name: '标题', type: 'input', rule: { required: true, min: 2, max: 5 } };
  const patterned: XParam = { field: 'p', name: '编号', type: 'input', rule: { pattern: '[A-Z]{2}\\d+', message: '编号形如 AB12' } };
  const num: XParam = { field: 'n', name: '数量', type: 'number', rule: { min: 1, max: 10 } };
  const pick: XParam = { field: 's', name: '范围', type: 'select', options: [{ label: 'a', value: 'a' }], rule: { required: true } };
  it.each([
    [text, '', '请输入标题'],
    [text, '  ', '请输入标题'],
    [text, '甲', '标题至少 2 个字'],
    [text, '甲乙丙丁戊己', '标题不能超过 5 个字'],
    [text, '甲乙', null],
    [patterned, 'AB12', null],
    [patterned, 'xAB12', '编号形如 AB12'],
    [patterned, 'AB12x', '编号形如 AB12'],
    [patterned, '', null],
    [num, 0, '数量不能小于 1'],
    [num, 11, '数量不能大于 10'],
    [num, 5, null],
    [num, null, null],
    [pick, undefined, '请选择范围'],
    [pick, 'a', null],
  ] as const)('%o with %j → %s', (param, value, message) => {
    expect(checkParam(param, value)).toBe(message);
  });
  it('uses the rule message when given', () => {
    expect(checkParam({ ...text, rule: { required: true, message: '标题必填' } }, '')).toBe('标题必填');
  });
});

describe('isShow (a declarative predicate, never code)', () => {
  const stats = catalogueEntrySchema.parse(BUILTIN_CATALOGUE.find((e) => e.moduleName === 'stats'));
  const param = (f: string) => stats.params.find((p) => p.field === f)!;
  it.each([
    ['2', ['value1', 'label2'], ['value3', 'value4']],
    ['3', ['value3', 'label3'], ['value4', 'label4']],
    ['4', ['value3', 'value4', 'label4'], []],
  ])('count %s shows %j and hides %j', (count, shown, hidden) => {
    for (const f of shown) expect(isParamShown(param(f), { count })).toBe(true);
    for (const f of hidden) expect(isParamShown(param(f), { count })).toBe(false);
  });
  it('equals, notEquals and in compare as text', () => {
    expect(isParamShown({ isShow: { field: 'a', equals: 1 } }, { a: '1' })).toBe(true);
    expect(isParamShown({ isShow: { field: 'a', notEquals: true } }, { a: true })).toBe(false);
    expect(isParamShown({ isShow: { field: 'a', in: ['x', 'y'] } }, { a: 'z' })).toBe(false);
    expect(isParamShown({}, {})).toBe(true);
  });
  it('hidden params are neither checked nor kept', () => {
    const values = { count: '2', value1: '1', label1: '甲', value2: '2', label2: '乙', value3: '', label3: '留下的旧值' };
    expect(checkParams(stats, values)).toEqual({});
    expect(keptParams(stats, values)).toEqual({ count: '2', value1: '1', label1: '甲', value2: '2', label2: '乙' });
    expect(checkParams(stats, { ...values, count: '3' })).toEqual({ value3: '请输入数字 3（不超过 12 个字）' });
  });
});

describe('built-in catalogue', () => {
  it('every entry passes the strict schema and has a renderer', () => {
    for (const e of BUILTIN_CATALOGUE) {
      const r = catalogueEntrySchema.safeParse(e);
      expect(r.success, `${e.moduleName}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
      expect(rendererOf(e.moduleName), e.moduleName).toBeDefined();
    }
  });
  it('defaults come from defaultValue', () => {
    const banner = catalogueEntrySchema.parse(BUILTIN_CATALOGUE.find((e) => e.moduleName === 'image-banner'));
    expect(paramDefaults(banner)).toEqual({ height: 160, fit: 'cover' });
  });
  it('refuses code in isShow and foreign option addresses', () => {
    const base = { moduleName: 'x', type: 'default', group: 'g', name: 'n', alias: 'a' };
    expect(catalogueEntrySchema.safeParse({ ...base, params: [{ field: 'a', name: 'A', type: 'input', isShow: '() => true' }] }).success).toBe(false);
    expect(catalogueEntrySchema.safeParse({ ...base, params: [{ field: 'a', name: 'A', type: 'select', optionsUrl: '//evil.cn/x' }] }).success).toBe(false);
  });
});
