/**
 * Fields shared by the module editor forms (spec 1 §2 'Shared options': width share, category cascader,
 * switches, 'more' link; §5 rules). Each is an antd Form.Item bound to the spec's field name.
 */
import { createContext, useContext } from 'react';
import { Cascader, Form, Input, Select, Switch } from 'antd';
import { SPAN_LABELS } from '@common/constants';
import { linkSchema } from '@common/homeConfigSchema';
import { MSG } from '@common/messages';
import type { CategoryNode } from '../types.app';

/** Labels of the form fields, in one place. */
export const FIELD_LABELS = {
  alias: '模块标题',
  aliasPlaceholder: '请输入模块标题',
  span: '宽度占比',
  category: '数据分类',
  categoryPlaceholder: '全部分类（可选到一级或二级）',
  showManual: '展示精选数据',
  redirectToExplore: '更多跳转到检索页',
  oauthBeforeRedirect: '跳转前需要登录',
  showRecommendation: '开启内容推荐',
  specificLink: '指定“更多”链接',
  specificLinkPlaceholder: 'https://… 或 /站内路径，留空则使用默认',
  specificCover: '指定封面',
  showPublishTime: '显示发布时间',
  hideMoreButton: '隐藏“更多”按钮',
} as const;

const SPAN_NAMES = ['四分之一', '三分之一', '二分之一', '三分之二', '四分之三', '整行'];

/** The module title (alias): required, 'please enter module title' on blur (spec 1 §5). */
export function TitleField() {
  return (
    <Form.Item
      name="alias"
      label={FIELD_LABELS.alias}
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: MSG.moduleTitleRequired },
        { max: 60, message: '不能超过 60 个字' },
      ]}
    >
      <Input placeholder={FIELD_LABELS.aliasPlaceholder} maxLength={60} showCount />
    </Form.Item>
  );
}

/**
 * True while the form edits a module placed in a flex slot (provided by ModuleFormShell from
 * FormProps.inContainer): the slot decides the width there, so SpanField is disabled.
 */
export const InContainerContext = createContext(false);

/** The width share (span 0-5 of spec 1 §3); `disabled` when a rule forces it (direction) or inside a flex slot. */
export function SpanField({ disabled, extra, onChange }: { disabled?: boolean; extra?: string; onChange?: (span: number) => void }) {
  const inContainer = useContext(InContainerContext);
  return (
    <Form.Item name="span" label={FIELD_LABELS.span} extra={inContainer ? '位于布局组件的区域内时，宽度由区域决定' : extra}>
      <Select disabled={disabled || inContainer} onChange={onChange} options={SPAN_LABELS.map((l, i) => ({ value: i, label: `${SPAN_NAMES[i]}（${l}）` }))} />
    </Form.Item>
  );
}

/** The category cascader of the application's topic: one or two levels, any level selectable. */
export function CategoryField({ categories }: { categories: CategoryNode[] }) {
  return (
    <Form.Item name="category" label={FIELD_LABELS.category} extra={categories.length ? undefined : '该专题还没有分类'}>
      <Cascader
        options={categories}
        changeOnSelect
        allowClear
        placeholder={FIELD_LABELS.categoryPlaceholder}
        showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      />
    </Form.Item>
  );
}

/** A boolean field shown as a switch. */
export function SwitchField({ name, label, extra, disabled }: { name: string; label: string; extra?: string; disabled?: boolean }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
      <Switch disabled={disabled} />
    </Form.Item>
  );
}

/**
 * 仅登录可见 (docs/decisions.md 210), in the common part of every module form (ModuleFormShell): the
 * module's `loginOnly` switch with the line saying who will not see the panel.
 */
export function LoginOnlyField() {
  return <SwitchField name="loginOnly" label={MSG.loginOnlyLabel} extra={MSG.loginOnlyHint} />;
}

/** A link field (an http(s) address or a path on this site), checked like the server checks it. */
export function LinkField({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: async (_r, v: unknown) => {
            if (v == null || v === '') return;
            const r = linkSchema.safeParse(v);
            if (!r.success) throw new Error(r.error.issues[0].message);
          },
        },
      ]}
    >
      <Input placeholder={placeholder ?? FIELD_LABELS.specificLinkPlaceholder} allowClear />
    </Form.Item>
  );
}

/**
 * The options of resource panels (journal, institution, scholar, research outputs, activities; spec 1 §2):
 * category, curated data, more-to-search, login before redirect, the specific link, and for journals
 * content recommendation.
 */
export function ResourceOptions({ categories, recommendation = false }: { categories: CategoryNode[]; recommendation?: boolean }) {
  return (
    <>
      <CategoryField categories={categories} />
      <SwitchField name="showManual" label={FIELD_LABELS.showManual} />
      {recommendation && <SwitchField name="showRecommendation" label={FIELD_LABELS.showRecommendation} extra="登录用户的“更多”进入推荐页，期刊显示“订阅”" />}
      <SwitchField name="redirectToExplore" label={FIELD_LABELS.redirectToExplore} />
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
      <LinkField name="specificLink" label={FIELD_LABELS.specificLink} />
    </>
  );
}
