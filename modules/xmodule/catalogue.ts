/**
 * The custom component catalogue (spec 1 §3 'Custom component catalogue entry') and the rules of a
 * component's parameters (spec 1 §5 'each custom param may bring its own rule'). Pure: no React, no
 * Node; the server validates catalogue writes with `catalogueEntrySchema`, the xmodule form and the
 * console catalogue page use the same rules.
 *
 * An entry: moduleName (names a built-in renderer, modules/xmodule/renderers), type (a variant), group,
 * name, alias (the default panel title), more (default 'more' link), isNeedLogin, params. Its value in a
 * module is `moduleName-type` (`component`). A param: field, name, type (input, number, select, switch,
 * radio), rule { required, min, max, pattern, message }, defaultValue, options (a static list) or
 * optionsUrl (a same-site GET path answering [{ label, value }], loaded asynchronously), tips, isShow
 * (a declarative predicate on another param: { field, equals | notEquals | in }, never code), attrs.
 */
import { z } from 'zod';
import { linkSchema, plainText } from '../../common/homeConfigSchema.js';
import { MODULE_NAME_RE, RENDERER_NAMES, VARIANT_RE, isRendererName } from './component.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { scalarText } from '../../common/text.js';

export { MODULE_NAME_RE, RENDERER_NAMES, VARIANT_RE, componentValue, isRendererName, parseComponent } from './component.js';

/**
 * The refusal of a moduleName without a built-in renderer, naming it and the known ones
 * (docs/decisions.md 422).
 */
export const unknownRendererMessage = (moduleName: string): string =>
  fillMsg(MSG.xmoduleUnknownRenderer, { name: moduleName, known: RENDERER_NAMES.join('、') });

export const PARAM_TYPES = ['input', 'number', 'select', 'switch', 'radio'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** A param field name (a key of xmoduleParams). */
export const FIELD_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

export type Scalar = string | number | boolean;
const scalar = z.union([z.string().max(2000), z.number().finite(), z.boolean()]);

/** True when `s` compiles as a JavaScript regular expression. */
export function isRegExp(s: string): boolean {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}

/** A same-site GET path (`/api/...`), never another host: async options come only from this site. */
export const sameSitePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, '选项地址须为以 / 开头的站内路径');

export const paramRuleSchema = z
  .strictObject({
    required: z.boolean().optional(),
    /** number: the smallest value; input: the shortest length */
    min: z.number().finite().optional(),
    /** number: the largest value; input: the longest length */
    max: z.number().finite().optional(),
    /** input: a regular expression the whole text must match */
    pattern: z.string().max(300).refine(isRegExp, { message: '正则表达式无效' }).optional(),
    /** the message shown when the rule fails (default: a generic one naming the param) */
    message: plainText(100).optional(),
  })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: '最小值不能大于最大值', path: ['max'] });
export type ParamRule = z.infer<typeof paramRuleSchema>;

export const isShowSchema = z.union(
  [
    z.strictObject({ field: z.string().regex(FIELD_RE, '请选择条件参数'), equals: scalar }),
    z.strictObject({ field: z.string().regex(FIELD_RE, '请选择条件参数'), notEquals: scalar }),
    z.strictObject({ field: z.string().regex(FIELD_RE, '请选择条件参数'), in: z.array(scalar).min(1).max(20) }),
  ],
  { error: '显示条件应为 { field, equals | notEquals | in }' },
);
export type IsShow = z.infer<typeof isShowSchema>;

export const optionSchema = z.strictObject({
  label: plainText(60, '请输入选项名称'),
  value: z.union([z.string().trim().min(1, '请输入选项值').max(200), z.number().finite(), z.boolean()]),
});
export type ParamOption = z.infer<typeof optionSchema>;

export const paramAttrsSchema = z.strictObject({
  placeholder: plainText(100).optional(),
  /** input: the longest length accepted by the control */
  maxLength: z.number().int().min(1).max(2000).optional(),
  /** input: more than 1 makes it a multi-line box of that many rows */
  rows: z.number().int().min(1).max(20).optional(),
  /** number: step and decimals */
  step: z.number().positive().max(1e6).optional(),
  precision: z.number().int().min(0).max(6).optional(),
  allowClear: z.boolean().optional(),
});

export const paramSchema = z
  .strictObject({
    field: z.string({ error: '请输入参数字段名' }).trim().regex(FIELD_RE, '参数字段名须以字母开头，只含字母、数字和下划线').max(40),
    name: plainText(40, '请输入参数名称'),
    type: z.enum(PARAM_TYPES, { error: '请选择参数类型' }),
    rule: paramRuleSchema.optional(),
    defaultValue: scalar.nullish(),
    options: z.array(optionSchema).max(50).optional(),
    optionsUrl: sameSitePath.optional(),
    tips: plainText(200).optional(),
    isShow: isShowSchema.optional(),
    attrs: paramAttrsSchema.optional(),
  })
  .superRefine((p, ctx) => {
    const choice = p.type === 'select' || p.type === 'radio';
    if (choice && !p.options?.length && !p.optionsUrl) ctx.addIssue({ code: 'custom', path: ['options'], message: '下拉或单选参数需要选项或选项地址' });
    if (!choice && (p.options?.length || p.optionsUrl)) ctx.addIssue({ code: 'custom', path: ['options'], message: '只有下拉和单选参数可以有选项' });
    if (p.defaultValue != null) {
      const bad =
        (p.type === 'number' && typeof p.defaultValue !== 'number') ||
        (p.type === 'switch' && typeof p.defaultValue !== 'boolean') ||
        (p.type === 'input' && typeof p.defaultValue !== 'string');
      if (bad) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: '默认值与参数类型不符' });
    }
    if (p.rule?.pattern && p.type !== 'input') ctx.addIssue({ code: 'custom', path: ['rule', 'pattern'], message: '只有文本参数可以有正则规则' });
  });
export type XParam = z.infer<typeof paramSchema>;

export const catalogueEntrySchema = z
  .strictObject({
    moduleName: z
      .string({ error: '请输入组件标识' })
      .trim()
      .min(1, '请输入组件标识')
      .max(40)
      .regex(MODULE_NAME_RE, '组件标识只含小写字母、数字和中间的连字符，如 search-box')
      // only a name with a built-in renderer can be shown (docs/decisions.md 422)
      .refine((v: string): boolean => isRendererName(v), { error: (iss) => unknownRendererMessage(String(iss.input)) }),
    type: z.string({ error: '请输入组件类型' }).trim().min(1, '请输入组件类型').max(40).regex(VARIANT_RE, '组件类型只含小写字母、数字和下划线，如 default'),
    group: plainText(40, '请输入分组'),
    name: plainText(60, '请输入组件名称'),
    alias: plainText(60, '请输入默认标题'),
    more: linkSchema.optional(),
    isNeedLogin: z.boolean().default(false),
    params: z.array(paramSchema).max(30, '参数最多 30 个').default([]),
  })
  .superRefine((e, ctx) => {
    const seen = new Set<string>();
    e.params.forEach((p, i) => {
      if (seen.has(p.field)) ctx.addIssue({ code: 'custom', path: ['params', i, 'field'], message: `参数字段名 ${p.field} 重复` });
      seen.add(p.field);
    });
    e.params.forEach((p, i) => {
      if (p.isShow && (!seen.has(p.isShow.field) || p.isShow.field === p.field)) {
        ctx.addIssue({ code: 'custom', path: ['params', i, 'isShow', 'field'], message: '显示条件须引用另一个参数' });
      }
    });
  });
export type CatalogueEntryInput = z.input<typeof catalogueEntrySchema>;
export type CatalogueEntryData = z.infer<typeof catalogueEntrySchema>;

/** A catalogue entry as the API answers it. */
export interface CatalogueEntry extends CatalogueEntryData {
  id: number;
  /** `moduleName-type` */
  value: string;
  createdAt: string;
  updatedAt: string;
}

/** Whether a value counts as empty for `required` ('' / whitespace / null / undefined). */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether a param is shown, given the current values of the others (isShow; no predicate: shown). */
export function isParamShown(param: Pick<XParam, 'isShow'>, values: Record<string, unknown>): boolean {
  const c = param.isShow;
  if (!c) return true;
  const v = values[c.field];
  const same = (a: unknown, b: Scalar) => a === b || (a != null && scalarText(a) === String(b));
  if ('equals' in c) return same(v, c.equals);
  if ('notEquals' in c) return !same(v, c.notEquals);
  return c.in.some((x) => same(v, x));
}

/**
 * Checks one param value against its rule (spec 1 §5): required, then for numbers min/max of the value,
 * for text min/max of the length and the pattern. Returns the Chinese message, or null when it passes.
 * A blank optional value passes.
 */
export function checkParam(param: Pick<XParam, 'name' | 'type' | 'rule'>, value: unknown): string | null {
  const r = param.rule;
  const verb = param.type === 'select' || param.type === 'radio' ? '请选择' : '请输入';
  if (isBlank(value)) return r?.required ? (r.message ?? `${verb}${param.name}`) : null;
  if (!r) return null;
  if (param.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return r.message ?? `${param.name}须为数字`;
    if (r.min !== undefined && n < r.min) return r.message ?? `${param.name}不能小于 ${r.min}`;
    if (r.max !== undefined && n > r.max) return r.message ?? `${param.name}不能大于 ${r.max}`;
    return null;
  }
  if (param.type === 'input') {
    const s = String(value);
    if (r.min !== undefined && s.length < r.min) return r.message ?? `${param.name}至少 ${r.min} 个字`;
    if (r.max !== undefined && s.length > r.max) return r.message ?? `${param.name}不能超过 ${r.max} 个字`;
    if (r.pattern && isRegExp(r.pattern) && !new RegExp(`^(?:${r.pattern})$`).test(s)) return r.message ?? `${param.name}格式不正确`;
  }
  return null;
}

/** The starting xmoduleParams of an entry: each param's defaultValue (params without one are left out). */
export function paramDefaults(entry: Pick<CatalogueEntryData, 'params'>): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const p of entry.params) if (p.defaultValue != null) out[p.field] = p.defaultValue;
  return out;
}

/**
 * The params to store: only the entry's params that are shown (isShow against the final values), so a
 * hidden or stale param is not saved.
 */
export function keptParams(entry: Pick<CatalogueEntryData, 'params'>, values: Record<string, unknown>): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const p of entry.params) {
    const v = values[p.field];
    if (!isParamShown(p, values) || isBlank(v)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[p.field] = v;
  }
  return out;
}

/** Checks every shown param of an entry; field -> message for those that fail (empty when all pass). */
export function checkParams(entry: Pick<CatalogueEntryData, 'params'>, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of entry.params) {
    if (!isParamShown(p, values)) continue;
    const m = checkParam(p, values[p.field]);
    if (m) out[p.field] = m;
  }
  return out;
}
