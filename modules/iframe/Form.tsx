/**
 * Editor form of the embedded page (spec 1 §2 'iframe form', §4, §5): title, width, theme (default or
 * fullScreen; fullScreen disabled inside a parent container), height (default, or custom: integer >= 100)
 * and the embed link, which must be an http(s) address (嵌入页面地址只能是以 http:// 或 https:// 开头的网址,
 * checked by the same zod rule the server applies). In a group template also description and background.
 */
import { Form, Input, InputNumber, Radio } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { type IframeModule } from './definition';
import { iframeUrlSchema } from './schema';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { SpanField, TitleField } from '../kit/fields';

const urlRule = {
  validator: async (_r: unknown, v: unknown) => {
    const r = iframeUrlSchema.safeParse(v ?? '');
    if (!r.success) throw new Error(r.error.issues[0].message);
  },
};

/** See the file comment. */
export default function IframeForm(props: FormProps<IframeModule>) {
  const [form] = Form.useForm();
  const column = (Form.useWatch('column', form) as number | undefined) ?? props.initial?.column ?? 0;
  const group = props.page.style === 'fullScreen';
  return (
    <ModuleFormShell
      type="iframe"
      form={form}
      {...props}
      normalise={(m) => ({ ...m, url: typeof m.url === 'string' ? m.url.trim() : m.url, ...(m.column === 1 ? {} : { height: undefined }) })}
    >
      <TitleField />
      <SpanField />
      <Form.Item name="url" label="嵌入地址" required rules={[urlRule]} extra="页面在沙箱中打开：可运行脚本和表单，但不能读取本站的登录信息">
        <Input placeholder="https://…" allowClear />
      </Form.Item>
      <Form.Item name="mode" label="主题" extra={props.inContainer ? '位于布局容器内时不能全屏' : undefined}>
        <Radio.Group
          options={[
            { value: 'default', label: '默认' },
            { value: 'fullScreen', label: '全屏', disabled: props.inContainer },
          ]}
        />
      </Form.Item>
      <Form.Item name="column" label="高度">
        <Radio.Group
          options={[
            { value: 0, label: group ? '默认高度（228）' : '默认高度（160）' },
            { value: 1, label: '自定义高度' },
          ]}
        />
      </Form.Item>
      {column === 1 && (
        <Form.Item name="height" label="自定义高度（px）" rules={[{ required: true, type: 'integer', min: 100, message: MSG.carouselHeightMin }]}>
          <InputNumber min={100} max={4000} precision={0} />
        </Form.Item>
      )}
    </ModuleFormShell>
  );
}
