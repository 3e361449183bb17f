/**
 * /temp/contact (spec 1 §2: needs sign-in; issue 29 item 3; docs/decisions.md 570-579): the site's contact
 * details (address, phone, e-mail and opening hours of footerConfig, edited at /console/site), the
 * feedback form (category, text, an optional screenshot, the page it came from: `?from=` or the
 * referrer, kept only when it is a path of this site) and, below, 我的反馈: the reader's feedback to
 * this site with its state and the staff's reply. A signed-out visitor goes to the site's sign-in
 * page, which comes back here. Texts are shown as text. Its own lazy chunk (App.tsx): the home page
 * carries only the footer's link.
 */
import { useEffect, useRef, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Tag } from 'antd';
import { MSG } from '@common/messages';
import { isSitePath } from '@common/safePath';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_STATE_LABELS,
  FEEDBACK_TEXT_MAX,
  type FeedbackCategory,
  type FeedbackState,
} from '@common/feedback';
import type { MyFeedback } from '@common/contracts/feedback';
import { formatDate } from '@modules/kit/format';
import type { AppConfig } from '../../boot';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ReaderList } from '../../shared/ReaderList';
import { RequireLogin } from '../recommendation/shared';
import './contact.css';

/** The page; see the file comment. */
export default function ContactPage() {
  return (
    <VisitorFrame title={MSG.contactTitle}>
      {(config, site) => <RequireLogin site={site}>{(userId) => <Contact config={config} userId={userId} />}</RequireLogin>}
    </VisitorFrame>
  );
}

const STATE_COLOURS: Record<FeedbackState, string> = { pending: 'orange', processing: 'blue', replied: 'green', closed: 'default' };

/** The same-site path a referrer names, or ''. */
function referrerPath(): string {
  if (typeof document === 'undefined' || !document.referrer) return '';
  try {
    const u = new URL(document.referrer);
    return u.origin === window.location.origin ? u.pathname + u.search : '';
  } catch {
    return '';
  }
}

function Contact({ config, userId }: { config: AppConfig; userId: number }) {
  const footer = config.footerConfig ?? {};
  const lines: Array<[string, string | undefined]> = [
    [MSG.address, footer.address],
    [MSG.phone, footer.phone],
    [MSG.mail, footer.mail],
    [MSG.contactHours, footer.hours],
  ];
  const shown = lines.filter(([, v]) => v);
  return (
    <div className="atr-contact">
      <section className="atr-vcard">
        <Crumbs trail={[[MSG.contactTitle]]} />
        <h1 className="atr-detail__title">{MSG.contactTitle}</h1>
        <h2 className="atr-contact__h2">{MSG.contactDetails}</h2>
        {shown.length ? (
          <dl className="atr-contact__details">
            {shown.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="atr-contact__none">{MSG.contactNone}</p>
        )}
      </section>
      <FeedbackForm applicationId={config.applicationId} userId={userId} />
      <MyFeedbackList applicationId={config.applicationId} userId={userId} />
    </div>
  );
}

interface FormValues {
  category: FeedbackCategory;
  content: string;
}

/** Reads a file as base64 (no data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function FeedbackForm({ applicationId, userId }: { applicationId: number; userId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [shot, setShot] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [shotError, setShotError] = useState('');
  const [sending, setSending] = useState(false);
  const [page, setPage] = useState(() => {
    const from = params.get('from') ?? '';
    return isSitePath(from) ? from : '';
  });
  useEffect(() => {
    if (!page) setPage(referrerPath());
    // the referrer only once, after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shownPage = page && isSitePath(page) ? page : '';

  const pick = (file: File | undefined) => {
    setShotError('');
    if (!file) return setShot(null);
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) return setShotError(MSG.feedbackScreenshotInvalid);
    if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) return setShotError(MSG.feedbackScreenshotTooLarge);
    setShot(file);
  };

  const submit = async (v: FormValues) => {
    setSending(true);
    try {
      const screenshot = shot ? await readBase64(shot) : null;
      const r = await api.post('/api/v1/feedback', { body: { applicationId, category: v.category, content: v.content, page: shownPage || null, screenshot } });
      void message.success(r.message);
      form.resetFields();
      setShot(null);
      await qc.invalidateQueries({ queryKey: ['feedback-mine', userId, applicationId] });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="atr-vcard" aria-labelledby="atr-feedback-form">
      <h2 className="atr-contact__h2" id="atr-feedback-form">
        {MSG.feedbackFormTitle}
      </h2>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ category: 'correction' }}
        onFinish={(v) => void submit(v)}
        aria-label={MSG.feedbackFormTitle}
      >
        <Form.Item name="category" label={MSG.feedbackCategory} rules={[{ required: true, message: MSG.feedbackCategoryRequired }]}>
          <Radio.Group optionType="button" options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c] }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={MSG.feedbackContent}
          rules={[
            { required: true, whitespace: true, message: MSG.feedbackContentRequired },
            { max: FEEDBACK_TEXT_MAX, message: MSG.feedbackContentTooLong },
          ]}
        >
          <Input.TextArea rows={5} maxLength={FEEDBACK_TEXT_MAX} showCount placeholder={MSG.feedbackContentPlaceholder} />
        </Form.Item>
        <Form.Item
          label={MSG.feedbackScreenshot}
          extra={MSG.feedbackScreenshotHint}
          validateStatus={shotError ? 'error' : undefined}
          help={shotError || undefined}
        >
          <div className="atr-contact__shot">
            <input
              ref={fileInput}
              className="atr-contact__file"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label={MSG.feedbackScreenshot}
              onChange={(e) => {
                pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button icon={<PictureOutlined />} onClick={() => fileInput.current?.click()}>
              {MSG.feedbackScreenshotPick}
            </Button>
            {shot && (
              <span className="atr-contact__shot-name">
                {shot.name}
                <Button type="link" size="small" onClick={() => setShot(null)}>
                  {MSG.feedbackScreenshotRemove}
                </Button>
              </span>
            )}
          </div>
        </Form.Item>
        {shownPage && (
          <p className="atr-contact__from">
            {MSG.feedbackPage}：<span>{shownPage}</span>
          </p>
        )}
        <Button type="primary" htmlType="submit" loading={sending}>
          {MSG.feedbackSubmit}
        </Button>
      </Form>
    </section>
  );
}

function MyFeedbackList({ applicationId, userId }: { applicationId: number; userId: number }) {
  const list = useQuery({
    queryKey: ['feedback-mine', userId, applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/feedback/mine', { query: { applicationId }, signal }),
  });
  return (
    <ReaderList
      id="atr-my-feedback"
      title={MSG.myFeedbackTitle}
      headingClassName="atr-contact__h2"
      listClassName="atr-contact__mine"
      list={list}
      empty={MSG.myFeedbackEmpty}
      render={(f) => <MyFeedbackItem key={f.id} f={f} />}
    />
  );
}

function MyFeedbackItem({ f }: { f: MyFeedback }) {
  return (
    <li className="atr-contact__item" data-testid="my-feedback">
      <div className="atr-contact__item-head">
        <Tag>{FEEDBACK_CATEGORY_LABELS[f.category]}</Tag>
        <Tag color={STATE_COLOURS[f.state]}>{FEEDBACK_STATE_LABELS[f.state]}</Tag>
        <span className="atr-contact__date">{formatDate(f.createdAt)}</span>
      </div>
      <p className="atr-contact__text">{f.content}</p>
      {f.page && (
        <p className="atr-contact__from">
          {MSG.feedbackPage}：<a href={f.page}>{f.page}</a>
        </p>
      )}
      {f.screenshot && (
        <a href={f.screenshot} target="_blank" rel="noopener noreferrer">
          <img className="atr-contact__thumb" src={f.screenshot} alt={MSG.feedbackScreenshotAlt} />
        </a>
      )}
      {f.reply ? (
        <Alert
          className="atr-contact__reply"
          type="success"
          title={`${MSG.feedbackReplyLabel}（${formatDate(f.repliedAt)}）`}
          description={<span className="atr-contact__text">{f.reply}</span>}
        />
      ) : (
        <p className="atr-contact__waiting">{MSG.feedbackAwaitingReply}</p>
      )}
    </li>
  );
}
