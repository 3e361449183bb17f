/**
 * /console/issues and /console/issues/{id} (spec 1 §2; issue 29 item 4; docs/decisions.md 590-599): the
 * reference questions 参考咨询 of one application, for its managers holding 内容管理 and super managers.
 * The list keeps the application, state, 已超期, 指派给我, the text and the page in the URL
 * (`applicationId`, `state`, `overdue`, `mine`, `q`, `page`; 20 a page, newest first; spec 2 §9 paging)
 * and marks overdue rows; 设置 edits the answer period in working days. The detail page
 * (`/console/issues/{id}?applicationId=`) shows the question (as text), its attachments and the thread,
 * and the staff's actions: 分配, 答复 (the TipTap editor; sanitised by the server), 追问, 关闭,
 * 发布到常见问题 (with an optional FAQ wording) and 撤下.
 */
import { useEffect, useState } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Empty, Input, InputNumber, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import {
  FAQ_HREF,
  QUESTION_DUE_DAYS_MAX,
  QUESTION_PAGE_SIZE,
  QUESTION_STATES,
  QUESTION_STATE_LABELS,
  QUESTION_TEXT_MAX,
  isQuestionState,
  type QuestionState,
} from '@common/questions';
import type { Question, QuestionMessage, QuestionRow } from '@common/contracts/questions';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useConsoleApplications } from '../ApplicationSelect';
import { ViewableHtml } from '../../widgets/image/ViewableHtml';
import { PageHead } from '../PageHead';
import { StaffQueueFrame, useStaffQueue } from '../StaffQueue';
import { TitleSearch } from '../sections/ListFilters';
import { LazyRichText } from '../content/NoticeEditorDialog';
import '../console.css';
import './questions.css';

const LIST_KEY = 'console-questions';
const ONE_KEY = 'console-question';
/** The colour of each state's tag. */
export const QUESTION_STATE_COLOURS: Record<QuestionState, string> = {
  unassigned: 'orange',
  processing: 'blue',
  needinfo: 'purple',
  answered: 'green',
  closed: 'default',
};

/** The console routes of the section: the list and one question. */
export function QuestionsPage() {
  useEffect(() => {
    document.title = `${MSG.questionConsoleTitle} · ${MSG.consoleTitle}`;
  }, []);
  return (
    <Routes>
      <Route index element={<QuestionList />} />
      <Route path=":id" element={<QuestionDetail />} />
    </Routes>
  );
}

/** The applications the caller manages, and the one chosen in the URL (else the first). */
function useApplication() {
  const [params] = useSearchParams();
  const apps = useConsoleApplications();
  const asked = Number(params.get('applicationId')) || 0;
  return { apps, applicationId: asked || apps.data?.content[0]?.applicationId || 0 };
}

function QuestionList() {
  const queue = useStaffQueue(MSG.questionConsoleTitle);
  const { params, applicationId, page, update } = queue;
  const state = isQuestionState(params.get('state') ?? '') ? (params.get('state') as QuestionState) : undefined;
  const overdue = params.get('overdue') === '1';
  const mine = params.get('mine') === '1';
  const q = params.get('q') ?? undefined;
  const [settingsOpen, setSettingsOpen] = useState(false);

  const list = useQuery({
    enabled: applicationId > 0,
    queryKey: [LIST_KEY, applicationId, state, overdue, mine, q, page],
    queryFn: ({ signal }) =>
      api.get('/api/v1/applications/{id}/questions', {
        params: { id: applicationId },
        query: { state, overdue: overdue ? '1' : undefined, mine: mine ? '1' : undefined, q, page, size: QUESTION_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const href = (id: number) => `/console/issues/${id}?applicationId=${applicationId}`;

  const columns: TableColumnsType<QuestionRow> = [
    { title: MSG.questionAskedAt, key: 'at', width: 170, render: (_, r) => auditTime(r.createdAt) },
    {
      title: MSG.questionTitleLabel,
      key: 'title',
      ellipsis: true,
      render: (_, r) => (
        <Space size={4}>
          <Link to={href(r.id)}>{r.title}</Link>
          {r.overdue && <Tag color="red">{MSG.questionOverdue}</Tag>}
          {r.faqPublished && <Tag color="cyan">{MSG.questionInFaq}</Tag>}
        </Space>
      ),
    },
    { title: MSG.questionDiscipline, key: 'discipline', width: 100, render: (_, r) => r.discipline },
    { title: MSG.questionReader, key: 'reader', width: 120, ellipsis: true, render: (_, r) => r.userName },
    { title: MSG.questionAssignee, key: 'assignee', width: 120, ellipsis: true, render: (_, r) => r.assigneeName ?? '—' },
    {
      title: MSG.feedbackState,
      key: 'state',
      width: 90,
      render: (_, r) => <Tag color={QUESTION_STATE_COLOURS[r.state]}>{QUESTION_STATE_LABELS[r.state]}</Tag>,
    },
  ];

  return (
    <StaffQueueFrame<QuestionRow>
      queue={queue}
      title={
        <>
          <QuestionCircleOutlined /> {MSG.questionConsoleTitle}
        </>
      }
      actions={
        <Space>
          <a href={FAQ_HREF} target="_blank" rel="noopener noreferrer">
            {MSG.faqTitle}
          </a>
          <Button disabled={!applicationId} onClick={() => setSettingsOpen(true)}>
            {MSG.questionSettings}
          </Button>
        </Space>
      }
      filters={
        <>
          <Select
            aria-label={MSG.feedbackState}
            style={{ width: 130 }}
            value={state ?? ''}
            onChange={(v: string) => update({ state: v || undefined })}
            options={[{ value: '', label: MSG.feedbackAllStates }, ...QUESTION_STATES.map((s) => ({ value: s, label: QUESTION_STATE_LABELS[s] }))]}
          />
          <Checkbox checked={overdue} onChange={(e) => update({ overdue: e.target.checked ? '1' : undefined })}>
            {MSG.questionOverdueOnly}
          </Checkbox>
          <Checkbox checked={mine} onChange={(e) => update({ mine: e.target.checked ? '1' : undefined })}>
            {MSG.questionMineOnly}
          </Checkbox>
          <TitleSearch value={q} onSearch={(v) => update({ q: v })} />
        </>
      }
      list={list}
      columns={columns}
      scrollX={800}
      rowClassName={(r) => (r.overdue ? 'atr-question-overdue' : '')}
      emptyText={MSG.questionListEmpty}
      pageSize={QUESTION_PAGE_SIZE}
    >
      {settingsOpen && <SettingsDialog applicationId={applicationId} onClose={() => setSettingsOpen(false)} />}
    </StaffQueueFrame>
  );
}

/** The answer period of the application, in working days. */
function SettingsDialog({ applicationId, onClose }: { applicationId: number; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: ['console-question-settings', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/questions/settings', { params: { id: applicationId }, signal }),
  });
  const [days, setDays] = useState<number | null>(null);
  const value = days ?? settings.data?.dueDays ?? 3;
  return (
    <Modal
      open
      title={MSG.questionSettings}
      okText={MSG.save}
      cancelText={MSG.cancel}
      onCancel={onClose}
      onOk={async () => {
        try {
          const r = await api.put('/api/v1/applications/{id}/questions/settings', { params: { id: applicationId }, body: { dueDays: value } });
          void message.success(r.message);
          await qc.invalidateQueries({ queryKey: [LIST_KEY] });
          await qc.invalidateQueries({ queryKey: ['console-question-settings'] });
          onClose();
        } catch (e) {
          void message.error(errorMessage(e));
        }
      }}
    >
      <Space>
        <span>{MSG.questionDueDays}</span>
        <InputNumber
          aria-label={MSG.questionDueDays}
          min={1}
          max={QUESTION_DUE_DAYS_MAX}
          value={value}
          onChange={(v) => setDays(typeof v === 'number' ? v : null)}
        />
        <span className="atr-muted">{MSG.questionDueDaysHint}</span>
      </Space>
    </Modal>
  );
}

/** One entry of the thread: who, when, and the text (an answer is the server's sanitised HTML). */
export function ThreadEntry({ m }: { m: QuestionMessage }) {
  const who = m.kind === 'supplement' ? MSG.questionKindSupplement : m.kind === 'answer' ? MSG.questionKindAnswer : MSG.questionKindAskBack;
  return (
    <li className={`atr-question-entry atr-question-entry--${m.kind}`}>
      <div className="atr-question-entry__head">
        <strong>{who}</strong>
        {m.authorName && <span>{m.authorName}</span>}
        <span className="atr-muted">{auditTime(m.createdAt)}</span>
      </div>
      {m.kind === 'answer' ? <ViewableHtml html={m.body} className="atr-question-answer" /> : <div className="atr-question-text">{m.body}</div>}
    </li>
  );
}

function QuestionDetail() {
  const { id: rawId } = useParams();
  const id = Number(rawId) || 0;
  const { applicationId } = useApplication();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState('');
  const [askBack, setAskBack] = useState('');
  const [faqWording, setFaqWording] = useState<string | null>(null);
  const detail = useQuery({
    enabled: applicationId > 0 && id > 0,
    queryKey: [ONE_KEY, applicationId, id],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/questions/{questionId}', { params: { id: applicationId, questionId: id }, signal }),
  });
  const assignees = useQuery({
    enabled: applicationId > 0,
    queryKey: ['console-question-assignees', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/questions/assignees', { params: { id: applicationId }, signal }),
  });
  const q: Question | undefined = detail.data;
  const params = { id: applicationId, questionId: id };

  const act = async (run: () => Promise<{ message: string }>, after?: () => void) => {
    setBusy(true);
    try {
      const r = await run();
      void message.success(r.message);
      after?.();
      await Promise.all([qc.invalidateQueries({ queryKey: [ONE_KEY] }), qc.invalidateQueries({ queryKey: [LIST_KEY] })]);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const open = q && q.state !== 'answered' && q.state !== 'closed';
  const back = `/console/issues?applicationId=${applicationId}`;

  return (
    <div className="atr-console__page">
      <PageHead
        title={
          <>
            <QuestionCircleOutlined /> {q ? q.title : MSG.questionDetail}
          </>
        }
      >
        <Link to={back}>{MSG.questionBackToList}</Link>
      </PageHead>
      <div className="atr-panel-card">
        {detail.isError ? (
          <Empty description={errorMessage(detail.error)} />
        ) : !q ? null : (
          <div className="atr-question-detail">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={MSG.feedbackState}>
                <Space size={4}>
                  <Tag color={QUESTION_STATE_COLOURS[q.state]}>{QUESTION_STATE_LABELS[q.state]}</Tag>
                  {q.overdue && <Tag color="red">{MSG.questionOverdue}</Tag>}
                  {q.faqPublished && <Tag color="cyan">{MSG.questionInFaq}</Tag>}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={MSG.questionReader}>{q.userContact ? `${q.userName}（${q.userContact}）` : q.userName}</Descriptions.Item>
              <Descriptions.Item label={MSG.questionAskedAt}>{auditTime(q.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={MSG.questionDiscipline}>{q.discipline}</Descriptions.Item>
              <Descriptions.Item label={MSG.questionContentLabel}>
                <div className="atr-question-text">{q.content}</div>
              </Descriptions.Item>
              {q.attachments.length > 0 && (
                <Descriptions.Item label={MSG.questionAttachments}>
                  <ul className="atr-question-files">
                    {q.attachments.map((a) => (
                      <li key={a.id}>
                        <a href={a.url}>{a.name}</a> <span className="atr-muted">{Math.ceil(a.size / 1024)} KB</span>
                      </li>
                    ))}
                  </ul>
                </Descriptions.Item>
              )}
              <Descriptions.Item label={MSG.questionAssignee}>
                <Select
                  aria-label={MSG.questionAssignee}
                  style={{ width: 220 }}
                  placeholder={MSG.questionAssignPlaceholder}
                  value={q.assigneeId ?? undefined}
                  disabled={!open || busy}
                  options={(assignees.data?.content ?? []).map((a) => ({ value: a.id, label: a.name }))}
                  onChange={(v: number) =>
                    void act(() => api.post('/api/v1/applications/{id}/questions/{questionId}/assign', { params, body: { assigneeId: v } }))
                  }
                />
              </Descriptions.Item>
            </Descriptions>

            <h2 className="atr-question-h2">{MSG.questionThread}</h2>
            {q.messages.length ? (
              <ol className="atr-question-thread">
                {q.messages.map((m) => (
                  <ThreadEntry key={m.id} m={m} />
                ))}
              </ol>
            ) : (
              <p className="atr-muted">{MSG.questionThreadEmpty}</p>
            )}

            {open && (
              <section className="atr-question-act">
                <h2 className="atr-question-h2">{MSG.questionActionAnswer}</h2>
                <LazyRichText value={answer} onChange={setAnswer} minHeight={200} ariaLabel={MSG.questionAnswerLabel} />
                <Space wrap className="atr-question-buttons">
                  <Button
                    type="primary"
                    loading={busy}
                    disabled={!answer}
                    onClick={() =>
                      void act(
                        () => api.post('/api/v1/applications/{id}/questions/{questionId}/answer', { params, body: { html: answer } }),
                        () => setAnswer(''),
                      )
                    }
                  >
                    {MSG.questionSendAnswer}
                  </Button>
                </Space>
                {(q.state === 'unassigned' || q.state === 'processing') && (
                  <>
                    <h2 className="atr-question-h2">{MSG.questionActionAskBack}</h2>
                    <Input.TextArea
                      aria-label={MSG.questionAskBackLabel}
                      rows={3}
                      maxLength={QUESTION_TEXT_MAX}
                      value={askBack}
                      placeholder={MSG.questionAskBackPlaceholder}
                      onChange={(e) => setAskBack(e.target.value)}
                    />
                    <Space wrap className="atr-question-buttons">
                      <Button
                        loading={busy}
                        disabled={!askBack.trim()}
                        onClick={() =>
                          void act(
                            () => api.post('/api/v1/applications/{id}/questions/{questionId}/askback', { params, body: { text: askBack } }),
                            () => setAskBack(''),
                          )
                        }
                      >
                        {MSG.questionSendAskBack}
                      </Button>
                    </Space>
                  </>
                )}
              </section>
            )}

            {q.answeredAt && !q.faqPublished && (
              <section className="atr-question-act">
                <h2 className="atr-question-h2">{MSG.questionActionPublish}</h2>
                <Input.TextArea
                  aria-label={MSG.questionFaqWording}
                  rows={3}
                  maxLength={QUESTION_TEXT_MAX}
                  value={faqWording ?? q.content}
                  onChange={(e) => setFaqWording(e.target.value)}
                />
                <p className="atr-muted">{MSG.questionFaqWordingHint}</p>
                <Button
                  type="primary"
                  loading={busy}
                  onClick={() =>
                    void act(() =>
                      api.post('/api/v1/applications/{id}/questions/{questionId}/publish', { params, body: { question: faqWording ?? q.content } }),
                    )
                  }
                >
                  {MSG.questionActionPublish}
                </Button>
              </section>
            )}

            <Space wrap className="atr-question-buttons">
              {q.faqPublished && (
                <Button loading={busy} onClick={() => void act(() => api.post('/api/v1/applications/{id}/questions/{questionId}/unpublish', { params }))}>
                  {MSG.questionUnpublish}
                </Button>
              )}
              {q.state !== 'closed' && (
                <Button
                  danger
                  loading={busy}
                  onClick={() =>
                    Modal.confirm({
                      title: MSG.questionCloseConfirm,
                      okText: MSG.feedbackCloseOk,
                      cancelText: MSG.cancel,
                      onOk: () => act(() => api.post('/api/v1/applications/{id}/questions/{questionId}/close', { params })),
                    })
                  }
                >
                  {MSG.questionActionClose}
                </Button>
              )}
            </Space>
            <p className="atr-muted">{fillMsg(MSG.questionUpdatedAt, { at: auditTime(q.updatedAt) })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
