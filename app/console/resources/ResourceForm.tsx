/**
 * The fields of one console resource type as antd form items: title, date and the type's
 * fields of common/resourceFields.ts, each checked in the browser with the same zod schema the server
 * applies (so the messages match). Field names are paths: ['fields', 'institution', 'name'].
 * Reports' kinds: rich text (the notices' TipTap editor, loaded on demand), a PDF upload
 * (the upload service; a file whose content is not a PDF is refused; the stored file is shown by the name it
 * was uploaded under, GET /api/v1/files/{key}/info, not by its key, docs/decisions.md 327),
 * an image upload or link, a switch. A text field may be offered as a choice instead (`choices`, e.g. the
 * WeChat accounts bound to the application).
 */
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, type DatePickerProps, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, FilePdfOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { FileUpload, ImageUpload } from '../../widgets/upload';
import { api } from '../../shared/apiClient';
import { LazyRichText } from '../content/NoticeEditorDialog';
import dayjs, { type Dayjs } from 'dayjs';
import { plainText } from '@common/homeConfigSchema';
import { fieldValueSchema, PARTIAL_DATE, recordDateSchema, RESOURCE_TYPE_SPECS, STORED_FILE_PATH, type ResourceField } from '@common/resourceFields';
import type { ResourceType } from '@common/constants';
import type { z } from 'zod';
import type { FileInfo } from '@common/contracts/files';

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

/**
 * The record's own date: as {@link dateProps}, and a year or year-month an import kept (2024, 2024-03;
 * decision 510) is shown as such, not as the first day the picker would read it as; it is saved as it is
 * until a day is picked.
 */
const recordDateProps = {
  ...dateProps,
  getValueProps: (v: unknown) =>
    typeof v === 'string' && PARTIAL_DATE.test(v) ? { value: dayjs(v), format: v.length === 4 ? 'YYYY' : 'YYYY-MM' } : dateProps.getValueProps(v),
};

/** Options of the text fields offered as a choice, by field name (`institution.name`, `wechatId`). */
export type FieldChoices = Record<string, readonly { value: string; label: string }[]>;

/** The query key of a stored file's details (GET /api/v1/files/{key}/info). */
const fileInfoKey = (path: string) => ['file-info', path];

/**
 * The name a stored file (`/files/<key>`) was uploaded under; the key's last part while asking, or when
 * the file is not known (a link typed by hand, a file removed since).
 */
function useStoredFileName(path: string | null | undefined): string {
  const stored = !!path && STORED_FILE_PATH.test(path);
  const info = useQuery({
    queryKey: fileInfoKey(path ?? ''),
    // enabled only for a stored file's path, /files/{key}
    queryFn: ({ signal }): Promise<FileInfo> => api.get('/api/v1/files/{key}/info', { params: { key: path!.slice('/files/'.length) }, signal }),
    enabled: stored,
    staleTime: Infinity,
    retry: false,
  });
  return info.data?.name ?? path?.split('/').pop() ?? '';
}

/** A PDF field: the uploaded file (a link to it under its own name, remove) or an upload button accepting PDFs only. */
function PdfInput({ value, onChange, uid, id }: { value?: string | null; onChange?: (v: string | null) => void; uid?: number; id?: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // a refused file leaves the upload list: a new upload box for the next try
  const [attempt, setAttempt] = useState(0);
  const name = useStoredFileName(value);
  if (value)
    return (
      <Space id={id}>
        <a href={value} target="_blank" rel="noopener noreferrer">
          <FilePdfOutlined /> {name}
        </a>
        <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {MSG.delete}
        </Button>
      </Space>
    );
  return (
    <FileUpload
      key={attempt}
      accept=".pdf,application/pdf"
      maxCount={1}
      uid={uid}
      label={MSG.reportPdf}
      onUploaded={(f) => {
        // the server found the type from the bytes: anything but a PDF is refused here
        if (f.contentType !== 'application/pdf') {
          setAttempt((n) => n + 1);
          return void message.error(MSG.reportPdfNotPdf);
        }
        message.success(MSG.reportPdfUploaded);
        // the answer names the file: no need to ask again
        queryClient.setQueryData(fileInfoKey(f.url), { url: f.url, name: f.name, size: f.size, contentType: f.contentType });
        onChange?.(f.url);
      }}
      // the uploader has already shown the failure as its one toast (decision 427): start afresh only
      onError={() => setAttempt((n) => n + 1)}
    />
  );
}

/** An image field: an upload (jpg/png) or a typed address. */
function ImageInput({ value, onChange, uid, id }: { value?: string | null; onChange?: (v: string | null) => void; uid?: number; id?: string }) {
  return (
    <Space align="start" wrap>
      {/* the uploader shows a failure itself (one toast and its error state; decision 427) */}
      <ImageUpload value={value ?? null} onChange={(v) => onChange?.(v)} uid={uid} label={MSG.reportCoverUpload} />
      <Input
        id={id}
        style={{ width: 320 }}
        placeholder="https://… 或 /站内路径"
        allowClear
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value || null)}
      />
    </Space>
  );
}

/** One field of the type as a form item; a text field with `options` is a choice among them. */
function FieldItem({ field, uid, options }: { field: ResourceField; uid?: number; options?: FieldChoices[string] }) {
  const name = ['fields', ...field.name.split('.')];
  const common = { name, label: field.label, extra: field.extra, required: !!field.required, rules: [zodRule(fieldValueSchema(field))] };
  if (field.kind === 'text' && options)
    return (
      <Form.Item {...common}>
        <Select allowClear={!field.required} options={[...options]} placeholder={`请选择${field.label}`} />
      </Form.Item>
    );
  switch (field.kind) {
    case 'text':
      return (
        <Form.Item {...common}>
          <Input maxLength={field.maxLength ?? 200} allowClear />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <Input.TextArea maxLength={field.maxLength ?? 2000} autoSize={{ minRows: 2, maxRows: 6 }} showCount />
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
          <DateInput />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common}>
          <InputNumber min={field.min} max={field.max} precision={field.decimals ?? 0} style={{ width: '100%' }} />
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
    case 'html':
      return (
        <Form.Item {...common}>
          <LazyRichText uid={uid} ariaLabel={field.label} minHeight={240} />
        </Form.Item>
      );
    case 'pdf':
      return (
        <Form.Item {...common}>
          <PdfInput uid={uid} />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item {...common}>
          <ImageInput uid={uid} />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
  }
}

/**
 * A date field of the dialog: Enter takes the typed date (the picker's own handling) and does not
 * submit the surrounding form, so the dialog is saved only by 保存 (decision 434).
 * Value and onChange come from the Form.Item (dayjs, via `dateProps`).
 */
function DateInput(props: DatePickerProps) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      {...props}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    />
  );
}

/**
 * Title, date (not for the types without one: journals, scholars, institutions) and the type's fields,
 * for every resource type (the console types and the imported ones, common/resourceFields.ts); `uid`
 * (the signed-in user) goes with uploads (spec 2 §3); `choices` turns text fields into choices;
 * `children` (e.g. the topic's category of a new record) come after the title and date.
 */
export function ResourceFields({ type, uid, choices, children }: { type: ResourceType; uid?: number; choices?: FieldChoices; children?: ReactNode }) {
  const spec = RESOURCE_TYPE_SPECS[type];
  return (
    <>
      <Form.Item name="title" label={spec.titleLabel} required rules={[zodRule(plainText(500, `请输入${spec.titleLabel}`))]}>
        <Input maxLength={500} allowClear />
      </Form.Item>
      {!spec.noDate && (
        <Form.Item
          name="date"
          label={spec.dateLabel}
          extra="面板按日期从新到旧排列；没有日期的排在最后"
          rules={[zodRule(recordDateSchema.nullish())]}
          {...recordDateProps}
        >
          <DateInput />
        </Form.Item>
      )}
      {children}
      {spec.fields.map((f) => (
        <FieldItem key={f.name} field={f} uid={uid} options={choices?.[f.name]} />
      ))}
    </>
  );
}
