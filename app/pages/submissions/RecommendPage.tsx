/**
 * /microapp/helix/recommend (issue 29 §6; docs/decisions.md 611): a signed-in reader recommends a
 * resource to the site: a link (name, address, summary), a record of a catalogue type with that type's
 * fields (common/resourceFields.ts), or one BibTeX / RIS entry pasted; with a suggested category. The
 * recommendation waits in /console/rc/resource_verify; 我的提交 below shows it and its state. Its own
 * lazy chunk; signed-out readers are sent to the site's sign-in page and back.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Radio, Select } from 'antd';
import { MSG } from '@common/messages';
import { RESOURCE_TYPE_SPECS, type ResourceField } from '@common/resourceFields';
import {
  CATEGORY_NAME_MAX,
  CITATION_FORMATS,
  CITATION_TEXT_MAX,
  RECOMMEND_MODES,
  RECOMMEND_MODE_LABELS,
  RECOMMEND_RECORD_TYPES,
  type CitationFormat,
  type RecommendMode,
  type RecommendRecordType,
} from '@common/submissions';
import type { AppConfig } from '../../boot';
import { ApiError, errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { RequireLogin } from '../recommendation/shared';
import MySubmissionsSection from './MySubmissionsSection';
import './submissions.css';

/** The page; see the file comment. */
export default function RecommendPage() {
  return (
    <VisitorFrame title={MSG.recommendTitle}>{(config, site) => <RequireLogin site={site}>{() => <Recommend config={config} />}</RequireLogin>}</VisitorFrame>
  );
}

interface Values {
  mode: RecommendMode;
  title?: string;
  url?: string;
  summary?: string;
  type?: RecommendRecordType;
  date?: string;
  fields?: Record<string, unknown>;
  format?: CitationFormat;
  text?: string;
  category?: string;
  subcategory?: string;
}

/** The type the record form starts with: the first the reader may recommend. */
const FIRST_TYPE: RecommendRecordType = RECOMMEND_RECORD_TYPES[0];

const FORMAT_LABELS: Record<CitationFormat, string> = { bibtex: 'BibTeX', ris: 'RIS' };

/** One field of a catalogue type's form, by its kind (list: several values, entered with Enter). */
function FieldInput({ f }: { f: ResourceField }) {
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={1000} />;
    case 'number':
      return <InputNumber min={f.min} max={f.max} style={{ width: 160 }} />;
    case 'select':
      return <Select allowClear options={(f.options ?? []).map((o) => ({ value: o, label: o }))} />;
    case 'list':
      return <Select mode="tags" open={false} tokenSeparators={[',', '，', '、']} />;
    default:
      return <Input maxLength={500} />;
  }
}

/**
 * The form fields a refusal names (`body.title`, `body.fields.summary`, …): a link's summary and url are
 * fields of the form itself, a record's other fields sit under `fields`.
 */
function fieldErrors(mode: RecommendMode, fields: Record<string, string>) {
  return Object.entries(fields).map(([key, msg]) => {
    const path = key.replace(/^body\./, '').split('.');
    const name = mode === 'url' && path[0] === 'fields' ? path.slice(1) : path;
    return { name: name as never, errors: [msg] };
  });
}

function Recommend({ config }: { config: AppConfig }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'url';
  const type = Form.useWatch('type', form) ?? FIRST_TYPE;
  const [sending, setSending] = useState(false);
  const spec = RESOURCE_TYPE_SPECS[type];

  const submit = async (v: Values) => {
    setSending(true);
    const place = { category: v.category?.trim() || null, subcategory: v.subcategory?.trim() || null };
    const base = { applicationId: config.applicationId, ...place };
    try {
      const body =
        v.mode === 'url'
          ? { ...base, mode: 'url' as const, title: v.title ?? '', url: v.url ?? '', ...(v.summary?.trim() ? { summary: v.summary } : {}) }
          : v.mode === 'record'
            ? { ...base, mode: 'record' as const, type: v.type ?? FIRST_TYPE, title: v.title ?? '', date: v.date?.trim() || null, fields: v.fields ?? {} }
            : { ...base, mode: 'citation' as const, format: v.format ?? 'bibtex', text: v.text ?? '' };
      const r = await api.post('/api/v1/submissions/recommendations', { body });
      void message.success(r.message);
      form.resetFields();
      form.setFieldValue('mode', v.mode);
      await qc.invalidateQueries({ queryKey: ['submissions-mine'] });
    } catch (e) {
      void message.error(errorMessage(e));
      if (e instanceof ApiError && e.fields) form.setFields(fieldErrors(v.mode, e.fields));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="atr-recommend">
      <section className="atr-vcard">
        <Crumbs trail={[[MSG.recommendTitle]]} />
        <h1 className="atr-detail__title">{MSG.recommendTitle}</h1>
        <p className="atr-recommend__intro">{MSG.recommendIntro}</p>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ mode: 'url', type: FIRST_TYPE, format: 'bibtex' }}
          onFinish={(v) => void submit(v)}
          aria-label={MSG.recommendTitle}
        >
          <Form.Item name="mode" label={MSG.recommendMode}>
            <Radio.Group optionType="button" options={RECOMMEND_MODES.map((m) => ({ value: m, label: RECOMMEND_MODE_LABELS[m] }))} />
          </Form.Item>
          {mode === 'url' && (
            <>
              <Form.Item name="title" label={MSG.recommendLinkTitle} rules={[{ required: true, whitespace: true, message: MSG.recommendTitleRequired }]}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="url" label={MSG.recommendUrl} rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: MSG.recommendUrlInvalid }]}>
                <Input maxLength={2000} placeholder="https://" />
              </Form.Item>
              <Form.Item name="summary" label={MSG.recommendSummary}>
                <Input.TextArea rows={3} maxLength={1000} showCount />
              </Form.Item>
            </>
          )}
          {mode === 'record' && (
            <>
              <Form.Item name="type" label={MSG.recommendType}>
                <Select options={RECOMMEND_RECORD_TYPES.map((t) => ({ value: t, label: RESOURCE_TYPE_SPECS[t].label }))} style={{ maxWidth: 240 }} />
              </Form.Item>
              <Form.Item name="title" label={spec.titleLabel} rules={[{ required: true, whitespace: true, message: `请输入${spec.titleLabel}` }]}>
                <Input maxLength={500} />
              </Form.Item>
              {spec.noDate ? null : (
                <Form.Item name="date" label={`${spec.dateLabel}（选填，如 2024-03-05）`}>
                  <Input maxLength={10} style={{ maxWidth: 240 }} />
                </Form.Item>
              )}
              {spec.fields.map((f) => (
                <Form.Item
                  key={`${type}.${f.name}`}
                  name={['fields', ...f.name.split('.')]}
                  label={f.label}
                  extra={f.extra}
                  rules={f.required ? [{ required: true, message: `请输入${f.label}` }] : undefined}
                >
                  <FieldInput f={f} />
                </Form.Item>
              ))}
            </>
          )}
          {mode === 'citation' && (
            <>
              <Form.Item name="format" label={MSG.recommendFormat}>
                <Radio.Group options={CITATION_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))} />
              </Form.Item>
              <Form.Item name="text" label={MSG.recommendCitationText} rules={[{ required: true, whitespace: true, message: MSG.recommendCitationUnreadable }]}>
                <Input.TextArea
                  rows={8}
                  maxLength={CITATION_TEXT_MAX}
                  className="atr-recommend__code"
                  placeholder={'@article{key,\n  title = {…},\n  author = {…},\n  year = {2024}\n}'}
                />
              </Form.Item>
            </>
          )}
          <div className="atr-recommend__place">
            <Form.Item name="category" label={MSG.recommendCategory}>
              <Input maxLength={CATEGORY_NAME_MAX} />
            </Form.Item>
            <Form.Item name="subcategory" label={MSG.recommendSubcategory}>
              <Input maxLength={CATEGORY_NAME_MAX} />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={sending}>
            {MSG.recommendSubmit}
          </Button>
        </Form>
      </section>
      <MySubmissionsSection />
    </div>
  );
}
