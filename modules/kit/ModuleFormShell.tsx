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
import { GroupFields } from './GroupChoiceFields';
import { InContainerContext } from './fields';
import { resolveGroupChoice } from './groups';

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
export function startingValues<C extends ModuleConfig>(type: RegisteredType, mode: 'create' | 'edit', initial: C | undefined, groupTemplate: boolean, groupFields = false): C {
  if (mode === 'edit' && initial) return structuredClone(initial);
  const fresh = { ...definitionOf(type)!.defaults({ groupTemplate }), id: '' } as C;
  return groupFields ? { backgroundColor: 'white', ...fresh, groupChoice: 'create' } as C : fresh;
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
    const values = { ...start, ...form.getFieldsValue(true) } as C;
    let module = { ...values, id: start.id || newModuleId(), type } as C;
    try {
      // a rule that stops the save (e.g. the flex no-space alert) throws its Chinese message
      if (normalise) module = normalise(module);
      if (groupFields) module = resolveGroupChoice(module, page);
      else if ('groupChoice' in module) { const { groupChoice: _drop, ...rest } = module as C & { groupChoice?: unknown }; module = rest as unknown as C; }
    } catch (err) {
      modal.warning({ title: '提示', content: (err as Error).message, okText: MSG.confirm });
      return;
    }
    const parsed = definitionOf(type)!.schema.safeParse(module);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      form.setFields(issues.filter((i) => i.path.length > 0).map((i) => ({ name: i.path as (string | number)[], errors: [i.message] })));
      message.error(issues[0]?.message ?? MSG.invalidInput);
      return;
    }
    setSaving(true);
    await wait(SAVE_LOADING_MS);
    setSaving(false);
    onSubmit(parsed.data as C);
  };

  return (
    <Form form={form} layout="vertical" initialValues={start} onFinish={() => void save()} scrollToFirstError>
      <InContainerContext.Provider value={!!props.inContainer}>{children}</InContainerContext.Provider>
      {groupFields && <GroupFields page={page} mode={mode} />}
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
