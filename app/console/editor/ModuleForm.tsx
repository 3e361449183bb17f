/**
 * The editor's form of one module (spec 1 §4 'Module form'): its type's Form from the registry (a lazy
 * chunk, so a spinner while it loads), in create mode for a chosen type or in edit mode for a stored
 * module. Used by the editor's module drawer (./EditorPage.tsx) and by the drawer of the modules in a
 * flex slot (./FlexSlotsEditor.tsx). Renders nothing for a type that is not registered.
 */
import { Suspense } from 'react';
import { Spin } from 'antd';
import type { ModuleConfig } from '@common/homeConfig';
import type { ConfigOf } from '@modules/configs';
import { isRegisteredType, withModuleType } from '@modules/registry';
import { appRegistry } from '@modules/registry.app';
import type { FormProps } from '@modules/types.app';
import type { RegisteredType } from '@modules/types';

/** What the form edits: a new module of a type, or a stored module. */
export type ModuleFormTarget = { mode: 'create'; type: string } | { mode: 'edit'; module: ModuleConfig };

export interface ModuleFormProps extends Omit<FormProps<ModuleConfig>, 'mode' | 'initial'> {
  target: ModuleFormTarget;
}

/** See the file comment. */
export function ModuleForm({ target, ...props }: ModuleFormProps) {
  const form =
    target.mode === 'edit' ? (
      withModuleType(target.module, (type, module) => <TypedForm type={type} mode="edit" initial={module} {...props} />)
    ) : isRegisteredType(target.type) ? (
      <TypedForm type={target.type} mode="create" {...props} />
    ) : undefined;
  if (!form) return null;
  return (
    <Suspense
      fallback={
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      }
    >
      {form}
    </Suspense>
  );
}

/** The Form of type `T`: `initial` is T's own config, so the Form takes it as it is. */
function TypedForm<T extends RegisteredType>({ type, ...props }: { type: T } & FormProps<ConfigOf<T>>) {
  const { Form } = appRegistry[type];
  return <Form {...props} />;
}
