/**
 * The editor form of panels that show several data types in tabs (research outputs, activities; spec 1
 * §2, §5 'save disabled if no data type is selected'): title, width share, the data types, and the
 * resource options.
 */
import { Checkbox, Form } from 'antd';
import { RESOURCE_TYPE_LABELS, type ResourceType } from '@common/constants';
import type { ModuleConfig } from '@common/homeConfig';
import { MSG } from '@common/messages';
import type { RegisteredType } from '../types';
import type { FormProps } from '../types.app';
import { ModuleFormShell } from './ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from './fields';

export interface DataTypeFormProps<C extends ModuleConfig> extends FormProps<C> {
  type: RegisteredType;
  dataTypes: readonly ResourceType[];
}

/** See the file comment. */
export function DataTypeForm<C extends ModuleConfig>({ type, dataTypes, ...props }: DataTypeFormProps<C>) {
  const [form] = Form.useForm();
  const chosen = Form.useWatch('dataType', form) as string[] | undefined;
  const none = chosen !== undefined && chosen.length === 0;
  return (
    <ModuleFormShell type={type} form={form} canSave={!none} {...props}>
      <TitleField />
      <SpanField />
      <Form.Item name="dataType" label="数据类型" validateStatus={none ? 'error' : undefined} help={none ? MSG.dataTypeRequired : undefined}>
        <Checkbox.Group options={dataTypes.map((t) => ({ value: t, label: RESOURCE_TYPE_LABELS[t] }))} />
      </Form.Item>
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
