/**
 * The fields of one console resource type as antd form items (issue 3): title, date and the type's
 * fields of common/resourceFields.ts, each checked in the browser with the same zod schema the server
 * applies (so the messages match). Field names are paths: ['fields', 'institution', 'name'].
 */
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { plainText } from '@common/homeConfigSchema';
import { dateSchema, fieldValueSchema, RESOURCE_TYPE_SPECS, type ConsoleResourceType, type ResourceField } from '@common/resourceFields';
import type { z } from 'zod';

/** An antd rule running a zod schema; the first issue's message is the field's error. */
const zodRule = (schema: z.ZodType<unknown>) => ({
  validator: async (_r: unknown, v: unknown) => {
    const r = schema.safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/** Date fields hold yyyy-MM-dd strings; the picker works on dayjs values. */
const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/** One field of the type as a form item. */
function FieldItem({ field }: { field: ResourceField }) {
  const name = ['fields', ...field.name.split('.')];
  const common = { name, label: field.label, extra: field.extra, required: !!field.required, rules: [zodRule(fieldValueSchema(field))] };
  switch (field.kind) {
    case 'text':
      return (
        <Form.Item {...common}>
          <Input maxLength={200} allowClear />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} showCount />
        </Form.Item>
      );
    case 'url':
      return (
        <Form.Item {...common}>
          <Input placeholder="https://… 或 /站内路径" allowClear />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item {...common} {...dateProps}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common}>
          <InputNumber min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'list':
      return (
        <Form.Item {...common}>
          <Select mode="tags" open={false} tokenSeparators={[',', '，', '、', ';', '；']} placeholder="输入后回车添加" suffixIcon={null} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <Select allowClear={!field.required} options={field.options!.map((o) => ({ value: o, label: o }))} placeholder={`请选择${field.label}`} />
        </Form.Item>
      );
  }
}

/** Title, date and the type's fields. */
export function ResourceFields({ type }: { type: ConsoleResourceType }) {
  const spec = RESOURCE_TYPE_SPECS[type];
  return (
    <>
      <Form.Item name="title" label={spec.titleLabel} required rules={[zodRule(plainText(500, `请输入${spec.titleLabel}`))]}>
        <Input maxLength={500} allowClear />
      </Form.Item>
      <Form.Item name="date" label={spec.dateLabel} extra="面板按日期从新到旧排列；没有日期的排在最后" rules={[zodRule(dateSchema.nullish())]} {...dateProps}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      {spec.fields.map((f) => (
        <FieldItem key={f.name} field={f} />
      ))}
    </>
  );
}
