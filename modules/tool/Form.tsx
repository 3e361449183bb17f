/**
 * Editor form of the tool panel (spec 1 §2 'tool form has a multi-select of tools and direction', §4
 * 'horizontal direction forces span 5; vertical forces span 0', §5 'at least one tool, 请选择工具'): the
 * options are the tools of the application's topic (GET /tools?appid={applicationId}); the chosen ids
 * are kept in `specificData`, in the order chosen.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, Form, Radio, Select } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { spanForDirection } from '../link/definition';
import type { ToolModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { useHostApi } from '../kit/host';
import { FIELD_LABELS, SpanField, SwitchField, TitleField } from '../kit/fields';

/** The most tools offered in the select. */
const OPTION_LIMIT = 100;

/** See the file comment. */
export default function ToolForm(props: FormProps<ToolModule>) {
  const [form] = Form.useForm();
  const host = useHostApi();
  const routeId = Number(useParams().id);
  const appId = props.applicationId ?? (Number.isInteger(routeId) && routeId > 0 ? routeId : null);
  const options = useQuery({
    queryKey: ['tools', appId],
    queryFn: ({ signal }) => host.api.get('/tools', { query: { appid: appId!, size: OPTION_LIMIT }, signal }),
    enabled: appId != null,
    staleTime: 60_000,
  });
  // chosen tools that are no longer offered still show (by id) so that they can be removed
  const chosen = (Form.useWatch('specificData', form) as Array<string | number> | undefined) ?? props.initial?.specificData ?? [];
  const known = new Map<string, { value: number | string; label: string }>();
  for (const o of options.data?.content ?? []) known.set(String(o.id), { value: o.id, label: o.title });
  for (const id of chosen) if (!known.has(String(id))) known.set(String(id), { value: id, label: `工具 ${id}` });

  return (
    <ModuleFormShell
      type="tool"
      form={form}
      canSave={!options.isPending || appId == null}
      normalise={(m) => ({ ...m, span: spanForDirection(m.direction) })}
      {...props}
    >
      <TitleField />
      {options.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`工具列表加载失败：${host.errorMessage(options.error)}`} />}
      <Form.Item
        name="specificData"
        label="工具"
        required
        extra={options.data && options.data.content.length === 0 ? '该应用的专题还没有工具' : undefined}
        rules={[{ required: true, type: 'array', min: 1, message: MSG.toolRequired }]}
      >
        <Select
          mode="multiple"
          loading={options.isPending && appId != null}
          placeholder={MSG.toolRequired}
          optionFilterProp="label"
          options={[...known.values()]}
        />
      </Form.Item>
      <Form.Item name="direction" label="排列方向">
        <Radio.Group
          onChange={(e) => form.setFieldValue('span', spanForDirection(e.target.value as 'horizontal' | 'vertical'))}
          options={[
            { value: 'vertical', label: '纵向（宽度 1/4，最多 4 个）' },
            { value: 'horizontal', label: '横向（整行，最多 8 个）' },
          ]}
        />
      </Form.Item>
      <SpanField disabled extra="宽度由排列方向决定" />
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
      <SwitchField name="hideMoreButton" label={FIELD_LABELS.hideMoreButton} />
    </ModuleFormShell>
  );
}
