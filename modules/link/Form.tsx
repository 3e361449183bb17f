/**
 * Editor form of the topic navigation panel (spec 1 §2 'link form', §4, §5): topic multi-select (the
 * applications of GET /api/v1/applications/available; required, 请选择专题), direction (horizontal forces
 * span 5, vertical span 0), data size (at most the number of chosen topics), hide text, auto scroll and
 * hide more button. The chosen topics are kept as ids (`specificData`) and as items (`specificDataObject`).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, InputNumber, Radio, Select } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { spanForDirection, type LinkItem, type LinkModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { useHostApi } from '../kit/host';
import { FIELD_LABELS, SpanField, SwitchField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function LinkForm(props: FormProps<LinkModule>) {
  const [form] = Form.useForm();
  const host = useHostApi();
  const options = useQuery({
    queryKey: ['applications-available'],
    queryFn: ({ signal }) => host.api.get('/api/v1/applications/available', { signal }),
    staleTime: 60_000,
  });
  // the chosen items stay selectable by title even when they are not applications here (e.g. the demo portals)
  const kept = (Form.useWatch('specificDataObject', form) as LinkItem[] | undefined) ?? props.initial?.specificDataObject ?? [];
  const known = new Map<string, LinkItem>();
  for (const it of kept) known.set(String(it.id), it);
  for (const o of options.data ?? []) known.set(String(o.id), { id: o.id, title: o.title, url: o.url, cover: o.cover, name: o.name });
  const chosen = (Form.useWatch('specificData', form) as Array<string | number> | undefined) ?? props.initial?.specificData ?? [];
  const direction = (Form.useWatch('direction', form) as 'horizontal' | 'vertical' | undefined) ?? props.initial?.direction ?? 'vertical';

  const pick = (ids: Array<string | number>) => {
    form.setFieldValue('specificDataObject', ids.map((id) => known.get(String(id))).filter(Boolean));
    const size = form.getFieldValue('dataSize') as number | null | undefined;
    if (size && size > ids.length) form.setFieldValue('dataSize', ids.length || 1);
  };

  return (
    <ModuleFormShell type="link" form={form} canSave={!options.isPending} normalise={(m) => ({ ...m, span: spanForDirection(m.direction) })} {...props}>
      <TitleField />
      {options.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`专题列表加载失败：${host.errorMessage(options.error)}`} />}
      <Form.Item name="specificData" label="专题" rules={[{ required: true, type: 'array', min: 1, message: MSG.topicRequired }]}>
        <Select
          mode="multiple"
          loading={options.isPending}
          placeholder={MSG.topicRequired}
          onChange={pick}
          optionFilterProp="label"
          options={[...known.values()].map((it) => ({ value: it.id, label: it.title }))}
        />
      </Form.Item>
      <Form.Item name="direction" label="排列方向">
        <Radio.Group
          onChange={(e) => form.setFieldValue('span', spanForDirection(e.target.value as 'horizontal' | 'vertical'))}
          options={[
            { value: 'vertical', label: '纵向（宽度 1/4）' },
            { value: 'horizontal', label: '横向（整行）' },
          ]}
        />
      </Form.Item>
      <SpanField disabled extra="宽度由排列方向决定" />
      <Form.Item
        name="dataSize"
        label="显示数量"
        extra={`最多 ${Math.max(chosen.length, 1)} 个（已选专题数）`}
        rules={[{ type: 'integer', min: 1, max: Math.max(chosen.length, 1), message: `显示数量须为 1 到 ${Math.max(chosen.length, 1)} 的整数` }]}
      >
        <InputNumber min={1} max={Math.max(chosen.length, 1)} precision={0} />
      </Form.Item>
      <SwitchField name="hideText" label="隐藏文字" />
      <SwitchField name="horizontalAutoScroll" label="自动滚动" disabled={direction !== 'horizontal'} extra="横向排列时每页 4 个，自动翻页" />
      <SwitchField name="hideMoreButton" label={FIELD_LABELS.hideMoreButton} />
    </ModuleFormShell>
  );
}
