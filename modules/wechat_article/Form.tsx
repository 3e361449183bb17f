/**
 * Editor form of the wechat article panel (spec 1 §2 'wechat_article form', §4; spec 2 §2): title,
 * direction (horizontal forces span 5, vertical span 0) and the official account, chosen among the
 * accounts of the applications the user manages (GET /api/v1/wechats/available → [{ wechatId, name }]),
 * with the prompt 没有可选的公众号？去添加 leading to the wechat manager (new tab). Changing the
 * direction or the account drops the stored height: the panel measures again.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Select } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { spanForDirection } from '../link/definition';
import type { WechatArticleModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { useHostApi } from '../kit/host';
import { SpanField, SwitchField, TitleField, FIELD_LABELS } from '../kit/fields';
import { WECHAT_MANAGER_HREF } from '../kit/links';

/** See the file comment. */
export default function WechatArticleForm(props: FormProps<WechatArticleModule>) {
  const [form] = Form.useForm();
  const host = useHostApi();
  const accounts = useQuery({
    queryKey: ['wechats-available'],
    queryFn: ({ signal }) => host.api.get('/api/v1/wechats/available', { signal }),
    staleTime: 30_000,
  });
  const initial = props.initial;
  return (
    <ModuleFormShell
      type="wechat_article"
      form={form}
      canSave={!accounts.isPending}
      {...props}
      normalise={(m) => {
        const changed = !initial || initial.direction !== m.direction || initial.wechatId !== m.wechatId;
        return { ...m, span: spanForDirection(m.direction), wechatId: m.wechatId || null, height: changed ? undefined : m.height };
      }}
    >
      <TitleField />
      <Form.Item name="direction" label="排列方向">
        <Radio.Group
          onChange={(e) => form.setFieldValue('span', spanForDirection(e.target.value as 'horizontal' | 'vertical'))}
          options={[
            { value: 'vertical', label: '纵向（宽度 1/4，最多 8 篇）' },
            { value: 'horizontal', label: '横向（整行，4 篇）' },
          ]}
        />
      </Form.Item>
      <SpanField disabled extra="宽度由排列方向决定" />
      {accounts.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`公众号列表加载失败：${host.errorMessage(accounts.error)}`} />}
      <Form.Item
        name="wechatId"
        label="公众号"
        extra={
          <a href={WECHAT_MANAGER_HREF} target="_blank" rel="noopener noreferrer">
            {MSG.wechatNoAccount}
          </a>
        }
      >
        <Select
          allowClear
          loading={accounts.isPending}
          placeholder={MSG.wechatAccountPlaceholder}
          optionFilterProp="label"
          notFoundContent={MSG.noData}
          options={(accounts.data ?? []).map((a) => ({ value: a.wechatId, label: `${a.name}（${a.wechatId}）` }))}
        />
      </Form.Item>
      <SwitchField name="hideMoreButton" label={FIELD_LABELS.hideMoreButton} />
    </ModuleFormShell>
  );
}
