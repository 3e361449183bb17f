/**
 * Editor form of the resource links panel (spec 1 §2 'resource form has display type (plain list, image,
 * rich = image and text), data size, column size, bold font, letter sort, auto scroll and hide more
 * button'). The links themselves are managed in the link list dialog (数据列表 on the panel).
 */
import { Form, InputNumber, Radio } from 'antd';
import type { FormProps } from '../types.app';
import type { ResourceModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { FIELD_LABELS, SpanField, SwitchField, TitleField } from '../kit/fields';

/** The display types of spec 1 §2, in Chinese. */
export const RESOURCE_DISPLAY_OPTIONS = [
  { value: 'plain', label: '纯文本列表' },
  { value: 'image', label: '图片' },
  { value: 'rich', label: '图文' },
] as const;

/** See the file comment. */
export default function ResourceForm(props: FormProps<ResourceModule>) {
  const [form] = Form.useForm();
  const display = (Form.useWatch('dataDisplayType', form) as ResourceModule['dataDisplayType'] | undefined) ?? props.initial?.dataDisplayType ?? 'plain';
  return (
    <ModuleFormShell
      type="resource"
      form={form}
      normalise={(m) => ({
        ...m,
        dataSize: m.dataSize || null,
        columnSize: m.columnSize || null,
        horizontalAutoScroll: m.dataDisplayType === 'plain' ? false : !!m.horizontalAutoScroll,
      })}
      {...props}
    >
      <TitleField />
      <SpanField />
      <Form.Item name="dataDisplayType" label="展示方式">
        <Radio.Group optionType="button" options={RESOURCE_DISPLAY_OPTIONS.map((o) => ({ ...o }))} />
      </Form.Item>
      <Form.Item
        name="dataSize"
        label="显示数量"
        extra="留空按宽度：列表每列 8 条；图片、图文 2 / 4 / 6 / 8 个"
        rules={[{ type: 'integer', min: 1, max: 50, message: '显示数量须为 1 到 50 的整数' }]}
      >
        <InputNumber min={1} max={50} precision={0} placeholder="按宽度" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="columnSize"
        label="每行列数"
        extra="留空按宽度：列表 1 或 2 列；图片、图文 2 / 3 / 4 列"
        rules={[{ type: 'integer', min: 1, max: 4, message: '每行列数须为 1 到 4 的整数' }]}
      >
        <InputNumber min={1} max={4} precision={0} placeholder="按宽度" style={{ width: 160 }} />
      </Form.Item>
      <SwitchField name="fontWeightBold" label="标题加粗" />
      <SwitchField name="letterSort" label="按标题字母排序" extra="按拼音或字母顺序排列链接" />
      <SwitchField name="horizontalAutoScroll" label="自动滚动" disabled={display === 'plain'} extra="图片、图文展示时一行一页，自动翻页" />
      <SwitchField name="hideMoreButton" label={FIELD_LABELS.hideMoreButton} />
    </ModuleFormShell>
  );
}
