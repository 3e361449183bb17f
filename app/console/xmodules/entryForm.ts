/**
 * The catalogue editor's form values and the API's entry (modules/xmodule/catalogue.ts), both ways.
 * The form is JSON-free: the isShow predicate is edited as { field, op, value } (value text; a list for
 * `in` is comma separated), the options source as a choice between a static list and an address.
 */
import { catalogueEntrySchema, type CatalogueEntry, type CatalogueEntryInput, type ParamType, type Scalar, type XParam } from '@modules/xmodule/catalogue';
import { zodFieldErrors } from '@common/zodIssues';

export type ShowOp = 'always' | 'equals' | 'notEquals' | 'in';

export interface ParamFormValues {
  field: string;
  name: string;
  type: ParamType;
  rule?: { required?: boolean; min?: number | null; max?: number | null; pattern?: string; message?: string };
  defaultValue?: Scalar | null;
  optionSource?: 'static' | 'url';
  options?: Array<{ label: string; value: string }>;
  optionsUrl?: string;
  tips?: string;
  isShowUi?: { field?: string; op: ShowOp; value?: string };
  /** placeholder, rows and maxLength are edited; the other attrs (step, precision, allowClear) are carried over */
  attrs?: { placeholder?: string; rows?: number | null; maxLength?: number | null } & Record<string, unknown>;
}

export interface EntryFormValues {
  moduleName: string;
  type: string;
  group: string;
  name: string;
  alias: string;
  more?: string;
  isNeedLogin: boolean;
  params: ParamFormValues[];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An entry as form values. */
export function toFormValues(e?: CatalogueEntry): EntryFormValues {
  if (!e) return { moduleName: '', type: 'default', group: '', name: '', alias: '', more: '', isNeedLogin: false, params: [] };
  return {
    moduleName: e.moduleName,
    type: e.type,
    group: e.group,
    name: e.name,
    alias: e.alias,
    more: e.more ?? '',
    isNeedLogin: e.isNeedLogin,
    params: e.params.map((p) => {
      const s = p.isShow;
      const isShowUi: ParamFormValues['isShowUi'] = !s
        ? { op: 'always' }
        : 'equals' in s
          ? { field: s.field, op: 'equals', value: String(s.equals) }
          : 'notEquals' in s
            ? { field: s.field, op: 'notEquals', value: String(s.notEquals) }
            : { field: s.field, op: 'in', value: s.in.map(String).join(',') };
      return {
        field: p.field,
        name: p.name,
        type: p.type,
        rule: p.rule ? { ...p.rule } : {},
        defaultValue: p.defaultValue ?? null,
        optionSource: p.optionsUrl ? 'url' : 'static',
        options: (p.options ?? []).map((o) => ({ label: o.label, value: String(o.value) })),
        optionsUrl: p.optionsUrl ?? '',
        tips: p.tips ?? '',
        isShowUi,
        attrs: { ...p.attrs, placeholder: p.attrs?.placeholder ?? '', rows: p.attrs?.rows ?? null, maxLength: p.attrs?.maxLength ?? null },
      };
    }),
  };
}

/** A predicate value typed like the param it looks at (number params compare numbers, switches booleans). */
function typed(text: string, target: ParamType | undefined): Scalar {
  const t = text.trim();
  if (target === 'number' && t !== '' && Number.isFinite(Number(t))) return Number(t);
  if (target === 'switch' && (t === 'true' || t === 'false')) return t === 'true';
  return t;
}

/** Form values as the entry the API takes (blank optional parts left out; the server checks the rest). */
export function fromFormValues(v: EntryFormValues): CatalogueEntryInput {
  const params = (v.params ?? []).map((p): XParam => {
    const out: Record<string, unknown> = { field: (p.field ?? '').trim(), name: p.name ?? '', type: p.type };
    const rule: Record<string, unknown> = {};
    if (p.rule?.required) rule.required = true;
    if (!blank(p.rule?.min)) rule.min = p.rule!.min;
    if (!blank(p.rule?.max)) rule.max = p.rule!.max;
    if (p.type === 'input' && !blank(p.rule?.pattern)) rule.pattern = p.rule!.pattern!.trim();
    if (!blank(p.rule?.message)) rule.message = p.rule!.message!.trim();
    if (Object.keys(rule).length) out.rule = rule;
    if (!blank(p.defaultValue)) out.defaultValue = p.type === 'number' ? Number(p.defaultValue) : p.defaultValue;
    if (p.type === 'switch' && typeof p.defaultValue === 'boolean') out.defaultValue = p.defaultValue;
    if (p.type === 'select' || p.type === 'radio') {
      if (p.optionSource === 'url') out.optionsUrl = (p.optionsUrl ?? '').trim();
      else
        out.options = (p.options ?? [])
          .filter((o) => !blank(o?.label) || !blank(o?.value))
          .map((o) => ({ label: (o.label ?? '').trim(), value: (o.value ?? '').trim() }));
    }
    if (!blank(p.tips)) out.tips = p.tips!.trim();
    const ui = p.isShowUi;
    if (ui && ui.op !== 'always') {
      const target = v.params.find((x) => x.field === ui.field)?.type;
      const value = ui.value ?? '';
      out.isShow =
        ui.op === 'in'
          ? {
              field: ui.field ?? '',
              in: value
                .split(/[,，]/)
                .map((x) => x.trim())
                .filter(Boolean)
                .map((x) => typed(x, target)),
            }
          : { field: ui.field ?? '', [ui.op]: typed(value, target) };
    }
    const attrs: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(p.attrs ?? {})) if (!blank(x)) attrs[k] = typeof x === 'string' ? x.trim() : x;
    if (p.type !== 'input') {
      delete attrs.rows;
      delete attrs.maxLength;
    }
    if (p.type !== 'number') {
      delete attrs.step;
      delete attrs.precision;
    }
    if (Object.keys(attrs).length) out.attrs = attrs;
    return out as XParam;
  });
  return {
    moduleName: (v.moduleName ?? '').trim(),
    type: (v.type ?? '').trim(),
    group: v.group ?? '',
    name: v.name ?? '',
    alias: v.alias ?? '',
    ...(blank(v.more) ? {} : { more: v.more!.trim() }),
    isNeedLogin: !!v.isNeedLogin,
    params,
  };
}

/** A server field path (`params.0.isShow.field`) as the form's path (['params', 0, 'isShowUi', 'field']). */
export function formPathOf(path: (string | number)[]): (string | number)[] {
  const i = path.indexOf('isShow');
  if (i < 0) return path;
  const rest = path.slice(i + 1);
  return [
    ...path.slice(0, i),
    'isShowUi',
    ...(rest.length ? rest.map((x) => (x === 'equals' || x === 'notEquals' || x === 'in' ? 'value' : x)).slice(0, 1) : ['field']),
  ];
}

/**
 * The form's own check before saving: the entry the form values make, checked with the schema the
 * server checks catalogue writes with (modules/xmodule/catalogue.ts `catalogueEntrySchema`), each
 * refusal as the form field it belongs to (`formPathOf`) and the message the server's 400 would give
 * (common/zodIssues.ts). Empty when the entry would be accepted (decision 435).
 */
export function entryFormErrors(v: EntryFormValues): Array<{ name: (string | number)[]; errors: string[] }> {
  return zodFieldErrors(catalogueEntrySchema, fromFormValues(v)).map((e) => ({ name: formPathOf(e.path), errors: [e.message] }));
}
