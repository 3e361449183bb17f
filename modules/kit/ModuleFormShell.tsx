/**
 * The frame of every module editor form (spec 1 §2 'Module editor forms', §4 'Module form', §5): an antd
 * Form started from the type's defaults (create) or a clone of the module (edit); on save it validates
 * against the type's zod schema, shows the server-side messages on their fields, keeps the save button
 * loading for about 600 ms (spec 2 §9 'save loading') and hands the module up. The save button reads
 * 添加模块 when creating and 保存修改 when editing. Every form ends with the common 仅登录可见 switch
 * (`loginOnly`, docs/decisions.md 210).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Form, Space, type FormInstance } from 'antd';
import { SAVE_LOADING_MS } from '@common/constants';
import { newModuleId, type ModuleConfig } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { definitionOf } from '../registry';
import type { FormProps } from '../types.app';
import type { RegisteredType } from '../types';
import { GroupFields } from './GroupChoiceFields';
import { InContainerContext, LoginOnlyField } from './fields';
import { resolveGroupChoice, withoutGroupChoice } from './groups';
import { schemaOf } from '../schemas';

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

/**
 * The starting values of a form: a clone of the module in edit mode, the type's fresh defaults otherwise.
 * Adding on a group template (`groupFields`) starts with 新建分组 and a white background.
 */
export function startingValues<C extends ModuleConfig>(
  type: RegisteredType,
  mode: 'create' | 'edit',
  initial: C | undefined,
  groupTemplate: boolean,
  groupFields = false,
): C {
  if (mode === 'edit' && initial) return structuredClone(initial);
  const fresh = { ...definitionOf(type)!.defaults({ groupTemplate }), id: '' } as C;
  return groupFields ? { backgroundColor: 'white', ...fresh, groupChoice: 'create' } : fresh;
}

/**
 * What a save of the form gives: the validated module; the schema's issues (path, Chinese message); or
 * `stop`, the Chinese message of a rule that stops the save (e.g. the flex no-space alert).
 */
export type FormSaveResult<C extends ModuleConfig> =
  | { ok: true; module: C }
  | { ok: false; issues: Array<{ path: PropertyKey[]; message: string }>; stop?: undefined }
  | { ok: false; stop: string; issues?: undefined };

/**
 * The pure part of a save: the form's values laid over its starting values, the id kept (or a new one
 * for a created module), the type's `normalise` applied, then validated against the type's schema.
 * `values` is what the antd form holds (`form.getFieldsValue(true)`).
 */
export function moduleFromValues<C extends ModuleConfig>(
  type: RegisteredType,
  start: C,
  values: Partial<C>,
  normalise?: (module: C) => C,
  group?: { page: FormProps<C>['page'] } | null,
): FormSaveResult<C> {
  let module = { ...start, ...values, id: start.id || newModuleId(), type } as C;
  try {
    // a rule that stops the save (e.g. the flex no-space alert) throws its Chinese message
    if (normalise) module = normalise(module);
    if (group) module = resolveGroupChoice(module, group.page);
    else if ('groupChoice' in module) module = withoutGroupChoice(module);
  } catch (err) {
    return { ok: false, stop: (err as Error).message };
  }
  const parsed = schemaOf(type)!.safeParse(module);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) };
  return { ok: true, module: parsed.data as C };
}

/** See the file comment. */
export function ModuleFormShell<C extends ModuleConfig>(props: ModuleFormShellProps<C>) {
  const { type, mode, initial, page, onSubmit, onCancel, normalise, canSave = true, children } = props;
  const [own] = Form.useForm();
  const form = props.form ?? own;
  const { message, modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  /** description, group and background of group templates (spec 1 §2), not inside a flex slot */
  const groupFields = page.style === 'fullScreen' && !props.inContainer;
  const start = useMemo(() => startingValues(type, mode, initial, page.style === 'fullScreen', groupFields), [type, mode, initial, page.style, groupFields]);

  const save = async () => {
    const result = moduleFromValues(type, start, form.getFieldsValue(true) as Partial<C>, normalise, groupFields ? { page } : null);
    if (!result.ok && result.stop !== undefined) {
      modal.warning({ title: '提示', content: result.stop, okText: MSG.confirm });
      return;
    }
    if (!result.ok) {
      const issues = result.issues;
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
      <InContainerContext.Provider value={!!props.inContainer}>{children}</InContainerContext.Provider>
      {groupFields && <GroupFields page={page} mode={mode} />}
      <LoginOnlyField />
      <Form.Item style={{ marginTop: 24, marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!canSave}>
            {mode === 'create' ? MSG.addModule : MSG.saveChanges}
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            {MSG.cancel}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
