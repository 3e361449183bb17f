/**
 * /temp/dds (spec 1 §2: needs sign-in; issue 29 §7; docs/decisions.md 600-609): document delivery 文献传递.
 * A signed-in reader requests a full text: the citation (title, authors, journal, year, volume, issue,
 * pages, DOI) and a note. Coming from a detail page's 文献传递 button (`?resource={id}`) the citation is
 * filled in from the record (GET /api/v1/dds/lookup); 按 DOI 查找 looks a typed DOI up in the site's
 * catalogue and fills the form when found. Below, 我的文献传递 (MyDeliveriesSection): states, reasons,
 * downloads after the copyright notice. A signed-out visitor goes to the site's sign-in page, which comes
 * back here. Texts are shown as text. Its own lazy chunk (App.tsx).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { DDS_FIELD_MAX, normaliseDoi } from '@common/dds';
import type { DdsCitation } from '@common/contracts/dds';
import type { AppConfig } from '../../boot';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { RequireLogin } from '../recommendation/shared';
import MyDeliveriesSection, { myDeliveriesKey } from './MyDeliveriesSection';
import './dds.css';

/** The page; see the file comment. */
export default function DdsPage() {
  return (
    <VisitorFrame title={MSG.ddsTitle}>
      {(config, site) => (
        <RequireLogin site={site}>
          {(userId) => (
            <div className="atr-dds">
              <RequestForm config={config} userId={userId} />
              <MyDeliveriesSection />
            </div>
          )}
        </RequireLogin>
      )}
    </VisitorFrame>
  );
}

type FormValues = DdsCitation & { note: string };

const FIELDS: Array<[keyof DdsCitation, string, number]> = [
  ['journal', MSG.ddsFieldJournal, DDS_FIELD_MAX.journal],
  ['year', MSG.ddsFieldYear, DDS_FIELD_MAX.year],
  ['volume', MSG.ddsFieldVolume, DDS_FIELD_MAX.volume],
  ['issue', MSG.ddsFieldIssue, DDS_FIELD_MAX.issue],
  ['pages', MSG.ddsFieldPages, DDS_FIELD_MAX.pages],
];

function RequestForm({ config, userId }: { config: AppConfig; userId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [sending, setSending] = useState(false);
  const [looking, setLooking] = useState(false);
  const [doiNote, setDoiNote] = useState<{ type: 'success' | 'info'; text: string } | null>(null);
  const applicationId = config.applicationId;
  const asked = Number(params.get('resource'));
  const [resourceId, setResourceId] = useState<number | null>(Number.isInteger(asked) && asked > 0 ? asked : null);

  // from a detail page: the record's citation
  const record = useQuery({
    enabled: resourceId !== null,
    queryKey: ['dds-record', applicationId, resourceId],
    queryFn: ({ signal }) => api.get('/api/v1/dds/lookup', { query: { applicationId, resourceId: resourceId! }, signal }),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (record.data) form.setFieldsValue(citationOnly(record.data));
  }, [record.data, form]);

  const lookUp = async () => {
    const doi = normaliseDoi(form.getFieldValue('doi') as string);
    if (!doi) {
      form.setFields([{ name: 'doi', errors: [MSG.ddsDoiInvalid] }]);
      return;
    }
    setLooking(true);
    try {
      const found = await api.get('/api/v1/dds/lookup', { query: { applicationId, doi } });
      form.setFieldsValue(citationOnly(found));
      setResourceId(found.resourceId);
      setDoiNote({ type: 'success', text: MSG.ddsDoiFound });
    } catch (e) {
      setDoiNote({ type: 'info', text: errorMessage(e) });
    } finally {
      setLooking(false);
    }
  };

  const submit = async (v: FormValues) => {
    setSending(true);
    try {
      const r = await api.post('/api/v1/dds', { body: { applicationId, resourceId, ...v } });
      void message.success(r.message);
      form.resetFields();
      setResourceId(null);
      setDoiNote(null);
      await qc.invalidateQueries({ queryKey: myDeliveriesKey(userId, applicationId) });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="atr-vcard" aria-labelledby="atr-dds-form">
      <Crumbs trail={[[MSG.ddsTitle]]} />
      <h1 className="atr-detail__title" id="atr-dds-form">
        {MSG.ddsFormTitle}
      </h1>
      <p className="atr-dds__intro">{MSG.ddsIntro}</p>
      {record.data && <Alert type="success" showIcon title={MSG.ddsFromRecord} style={{ marginBottom: 12 }} />}
      {record.isError && <Alert type="warning" showIcon title={errorMessage(record.error)} style={{ marginBottom: 12 }} />}
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} aria-label={MSG.ddsFormTitle}>
        <Form.Item label={MSG.ddsFieldDoi} extra={doiNote ? undefined : MSG.ddsDoiHint}>
          <div className="atr-dds__doi">
            <Form.Item name="doi" noStyle>
              <Input
                aria-label={MSG.ddsFieldDoi}
                maxLength={DDS_FIELD_MAX.doi}
                placeholder="10.1000/xyz123"
                onPressEnter={(e) => (e.preventDefault(), void lookUp())}
              />
            </Form.Item>
            <Button icon={<SearchOutlined />} loading={looking} onClick={() => void lookUp()}>
              {MSG.ddsDoiLookup}
            </Button>
          </div>
        </Form.Item>
        {doiNote && <Alert type={doiNote.type} showIcon title={doiNote.text} style={{ marginBottom: 12 }} />}
        <Form.Item
          name="title"
          label={MSG.ddsFieldTitle}
          rules={[
            { required: true, whitespace: true, message: MSG.ddsTitleRequired },
            { max: DDS_FIELD_MAX.title, message: MSG.ddsTitleTooLong },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={DDS_FIELD_MAX.title} />
        </Form.Item>
        <Form.Item name="authors" label={MSG.ddsFieldAuthors}>
          <Input maxLength={DDS_FIELD_MAX.authors} />
        </Form.Item>
        <div className="atr-dds__grid">
          {FIELDS.map(([name, label, max]) => (
            <Form.Item key={name} name={name} label={label} rules={name === 'year' ? [{ pattern: /^\d{4}$/, message: MSG.ddsYearInvalid }] : undefined}>
              <Input maxLength={max} inputMode={name === 'year' ? 'numeric' : undefined} />
            </Form.Item>
          ))}
        </div>
        <Form.Item name="note" label={MSG.ddsFieldNote}>
          <Input.TextArea rows={2} maxLength={DDS_FIELD_MAX.note} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          {MSG.ddsSubmit}
        </Button>
      </Form>
    </section>
  );
}

/** The citation fields of a lookup's answer. */
function citationOnly(c: DdsCitation): DdsCitation {
  return { title: c.title, authors: c.authors, journal: c.journal, year: c.year, volume: c.volume, issue: c.issue, pages: c.pages, doi: c.doi };
}
