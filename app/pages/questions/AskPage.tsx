/**
 * /microapp/helix/ask 我要咨询 (issue 29 item 4; docs/decisions.md 590-599): a signed-in reader asks the
 * site's librarians a reference question (title, question, discipline, up to 3 attachments of 5 MB,
 * checked again by content on the server), and below, 我的咨询 (MyQuestionsSection) until the personal
 * centre mounts it. A signed-out visitor goes to the site's sign-in page, which comes back here. Its
 * own lazy chunk (App.tsx).
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import {
  FAQ_HREF,
  QUESTION_ATTACHMENTS_MAX,
  QUESTION_ATTACHMENT_MAX_MB,
  QUESTION_DISCIPLINES,
  QUESTION_TEXT_MAX,
  QUESTION_TITLE_MAX,
  type QuestionDiscipline,
} from '@common/questions';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { RequireLogin } from '../recommendation/shared';
import MyQuestionsSection from './MyQuestionsSection';
import './questions.css';

/** The page; see the file comment. */
export default function AskPage() {
  return (
    <VisitorFrame title={MSG.askTitle}>
      {(config, site) => (
        <RequireLogin site={site}>
          {() => (
            <div className="atr-questions">
              <AskForm applicationId={config.applicationId} />
              <MyQuestionsSection />
            </div>
          )}
        </RequireLogin>
      )}
    </VisitorFrame>
  );
}

interface AskValues {
  title: string;
  content: string;
  discipline: QuestionDiscipline;
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

function AskForm({ applicationId }: { applicationId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<AskValues>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = (list: FileList | null) => {
    setFileError('');
    const next = [...files, ...Array.from(list ?? [])];
    if (next.length > QUESTION_ATTACHMENTS_MAX) return setFileError(MSG.questionAttachmentsTooMany);
    const big = next.find((f) => f.size > QUESTION_ATTACHMENT_MAX_MB * 1024 * 1024);
    if (big) return setFileError(fillMsg(MSG.questionAttachmentTooLarge, { name: big.name }));
    setFiles(next);
  };

  const submit = async (v: AskValues) => {
    setSending(true);
    try {
      const attachments = await Promise.all(files.map(async (f) => ({ name: f.name, data: await readBase64(f) })));
      const r = await api.post('/api/v1/questions', { body: { applicationId, title: v.title, content: v.content, discipline: v.discipline, attachments } });
      void message.success(r.message);
      form.resetFields();
      setFiles([]);
      await qc.invalidateQueries({ queryKey: ['questions-mine'] });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="atr-vcard" aria-labelledby="atr-ask-form">
      <Crumbs trail={[[MSG.askTitle]]} />
      <h1 className="atr-detail__title" id="atr-ask-form">
        {MSG.askTitle}
      </h1>
      <p className="atr-questions__hint">
        {MSG.askHint} <Link to={FAQ_HREF}>{MSG.faqTitle}</Link>
      </p>
      <Form<AskValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} aria-label={MSG.askTitle}>
        <Form.Item
          name="title"
          label={MSG.questionTitleLabel}
          rules={[
            { required: true, whitespace: true, message: MSG.questionTitleRequired },
            { max: QUESTION_TITLE_MAX, message: MSG.questionTitleTooLong },
          ]}
        >
          <Input maxLength={QUESTION_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="discipline" label={MSG.questionDiscipline} rules={[{ required: true, message: MSG.questionDisciplineRequired }]}>
          <Select placeholder={MSG.questionDisciplinePlaceholder} options={QUESTION_DISCIPLINES.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={MSG.questionContentLabel}
          rules={[
            { required: true, whitespace: true, message: MSG.questionContentRequired },
            { max: QUESTION_TEXT_MAX, message: MSG.questionContentTooLong },
          ]}
        >
          <Input.TextArea rows={6} maxLength={QUESTION_TEXT_MAX} showCount placeholder={MSG.questionContentPlaceholder} />
        </Form.Item>
        <Form.Item
          label={MSG.questionAttachmentsOptional}
          extra={MSG.questionAttachmentsHint}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError || undefined}
        >
          <div className="atr-questions__pick">
            <input
              ref={input}
              className="atr-questions__file"
              type="file"
              multiple
              aria-label={MSG.questionAttachments}
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = '';
              }}
            />
            <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()} disabled={files.length >= QUESTION_ATTACHMENTS_MAX}>
              {MSG.questionAttachmentPick}
            </Button>
            {files.map((f, i) => (
              <span key={`${f.name}-${i}`} className="atr-questions__file-name">
                {f.name}
                <Button type="link" size="small" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                  {MSG.questionAttachmentRemove}
                </Button>
              </span>
            ))}
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          {MSG.askSubmit}
        </Button>
      </Form>
    </section>
  );
}
