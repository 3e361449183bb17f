/**
 * The frame of every module editor form (spec 1 §2 'Module editor forms', §4 'Module form', §5): an antd
 * Form started from the type's defaults (create) or a clone of the module (edit); on save it validates
 * against the type's zod schema, shows the server-side messages on their fields, keeps the save button
 * loading for about 600 ms (spec 2 §9 'save loading') and hands the module up. The save button reads
 * 添加模块 when creating and 保存修改 when editing.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Form, Space, type FormInstance } from 'antd';
import { SAVE_LOADING_MS } from '@common/constants';
import { newModuleId, type ModuleConfig } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { definitionOf } from '../registry';
import type { FormProps } from '../types.app';
import type { RegisteredType } from '../types';

export interface ModuleFormShellProps<C extends ModuleConfig> extends FormProps<C> {
  type: RegisteredType;
  /** the form instance when the type's fields need to watch or set values */
  form?: FormInstance;
  /** last fix-ups before validation (e.g. the direction forcing the span) */
  normalise?: (module: C) => C;
  /** false disables the save button (e.g. no data type chosen, options still loading) */
  canSave?: boolean;
  children: ReactNode;
}

/** Resolves after `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The starting values of a form: a clone of the module in edit mode, the type's fresh defaults otherwise. */
export function startingValues<C extends ModuleConfig>(type: RegisteredType, mode: 'create' | 'edit', initial: C | undefined, groupTemplate: boolean): C {
  if (mode === 'edit' && initial) return structuredClone(initial);
  return { ...definitionOf(type)!.defaults({ groupTemplate }), id: '' } as C;
}

/** What a save of the form gives: the validated module, or the schema's issues (path, Chinese message). */
export type FormSaveResult<C extends ModuleConfig> =
  | { ok: true; module: C }
  | { ok: false; issues: Array<{ path: PropertyKey[]; message: string }> };

/**
 * The pure part of a save: the form's values laid over its starting values, the id kept (or a new one
 * for a created module), the type's `normalise` applied, then validated against the type's schema.
 * `values` is what the antd form holds (`form.getFieldsValue(true)`).
 */
export function moduleFromValues<C extends ModuleConfig>(type: RegisteredType, start: C, values: Partial<C>, normalise?: (module: C) => C): FormSaveResult<C> {
  let module = { ...start, ...values, id: start.id || newModuleId(), type } as C;
  if (normalise) module = normalise(module);
  const parsed = definitionOf(type)!.schema.safeParse(module);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) };
  return { ok: true, module: parsed.data as C };
}

/** See the file comment. */
export function ModuleFormShell<C extends ModuleConfig>(props: ModuleFormShellProps<C>) {
  const { type, mode, initial, page, onSubmit, onCancel, normalise, canSave = true, children } = props;
  const [own] = Form.useForm();
  const form = props.form ?? own;
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const start = useMemo(() => startingValues(type, mode, initial, page.style === 'fullScreen'), [type, mode, initial, page.style]);

  const save = async () => {
    const result = moduleFromValues(type, start, form.getFieldsValue(true) as Partial<C>, normalise);
    if (!result.ok) {
      const { issues } = result;
      form.setFields(issues.filter((i) => i.path.length > 0).map((i) => ({ name: i.path as (string | number)[], errors: [i.message] })));
      message.error(issues[0]?.message ?? MSG.invalidInput);
      return;
    }
    setSaving(true);
    await wait(SAVE_LOADING_MS);
    setSaving(false);
    onSubmit(result.module);
  };

  return (
    <Form form={form} layout="vertical" initialValues={start} onFinish={() => void save()} scrollToFirstError>
      {children}
      <Form.Item style={{ marginTop: 24, marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!canSave}>
            {mode === 'create' ? MSG.addModule : MSG.saveChanges}
          </Button>
          <Button onClick={onCancel} disabled={saving}>{MSG.cancel}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
