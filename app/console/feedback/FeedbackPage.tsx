/**
 * /console/fb/feedback (spec 1 §2; issue 29 item 3; docs/decisions.md 570-579): readers' feedback to one
 * application, for its managers holding 内容管理 and super managers. The application, state, category
 * and page are kept in the URL (`applicationId`, `state`, `category`, `page`; 20 a page, newest first);
 * `?id=` opens a feedback's drawer: category, state, the reader, the time, the source page, the text
 * (as text), the screenshot, and the staff's actions: 标记处理中 (待处理), 回复 (待处理 / 处理中 → 已回复,
 * shown to the reader in 我的反馈 on /temp/contact), 关闭 (any state but 已关闭, confirmed).
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_STATES,
  FEEDBACK_STATE_LABELS,
  FEEDBACK_TEXT_MAX,
  isFeedbackCategory,
  isFeedbackState,
  type FeedbackState,
} from '@common/feedback';
import type { Feedback } from '@common/contracts/feedback';
import { auditTime } from '@common/audit';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { StaffQueueFrame, useStaffQueue } from '../StaffQueue';
import '../console.css';
import './feedback.css';

const LIST_KEY = 'console-feedback';
const STATE_COLOURS: Record<FeedbackState, string> = { pending: 'orange', processing: 'blue', replied: 'green', closed: 'default' };

/** The page; see the file comment. */
export function FeedbackPage() {
  const queue = useStaffQueue(MSG.feedbackConsoleTitle);
  const { params, applicationId, page, openId, update } = queue;
  const state = isFeedbackState(params.get('state')) ? (params.get('state') as FeedbackState) : undefined;
  const rawCategory = params.get('category');
  const category = isFeedbackCategory(rawCategory) ? rawCategory : undefined;

  const list = useQuery({
    enabled: applicationId > 0,
    queryKey: [LIST_KEY, applicationId, state, category, page],
    queryFn: ({ signal }) => api.get('/api/v1/feedback', { query: { applicationId, state, category, page, size: FEEDBACK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Feedback> = [
    { title: MSG.feedbackCreatedAt, key: 'at', width: 170, render: (_, f) => auditTime(f.createdAt) },
    { title: MSG.feedbackCategory, key: 'category', width: 100, render: (_, f) => FEEDBACK_CATEGORY_LABELS[f.category] },
    { title: MSG.feedbackContent, key: 'content', ellipsis: true, render: (_, f) => f.content },
    {
      title: MSG.feedbackReader,
      key: 'reader',
      width: 180,
      ellipsis: true,
      render: (_, f) => (f.userContact ? `${f.userName}（${f.userContact}）` : f.userName),
    },
    { title: MSG.feedbackState, key: 'state', width: 90, render: (_, f) => <Tag color={STATE_COLOURS[f.state]}>{FEEDBACK_STATE_LABELS[f.state]}</Tag> },
    {
      title: MSG.actions,
      key: 'open',
      width: 80,
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => update({ id: f.id })}>
          {MSG.feedbackView}
        </Button>
      ),
    },
  ];

  return (
    <StaffQueueFrame<Feedback>
      queue={queue}
      title={
        <>
          <MessageOutlined /> {MSG.feedbackConsoleTitle}
        </>
      }
      filters={
        <>
          <Select
            aria-label={MSG.feedbackState}
            style={{ width: 130 }}
            value={state ?? ''}
            onChange={(v: string) => update({ state: v || undefined })}
            options={[{ value: '', label: MSG.feedbackAllStates }, ...FEEDBACK_STATES.map((s) => ({ value: s, label: FEEDBACK_STATE_LABELS[s] }))]}
          />
          <Select
            aria-label={MSG.feedbackCategory}
            style={{ width: 130 }}
            value={category ?? ''}
            onChange={(v: string) => update({ category: v || undefined })}
            options={[{ value: '', label: MSG.feedbackAllCategories }, ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c] }))]}
          />
        </>
      }
      list={list}
      columns={columns}
      scrollX={800}
      emptyText={MSG.feedbackListEmpty}
      pageSize={FEEDBACK_PAGE_SIZE}
      onOpen={(f) => update({ id: f.id })}
    >
      <FeedbackDrawer id={openId} onClose={() => update({ id: undefined })} />
    </StaffQueueFrame>
  );
}

/** One feedback: what the reader sent, and the staff's actions. */
function FeedbackDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    enabled: id !== null,
    queryKey: ['console-feedback-one', id],
    queryFn: ({ signal }) => api.get('/api/v1/feedback/{id}', { params: { id: id! }, signal }),
  });
  useEffect(() => setReply(''), [id]);
  const f = detail.data;

  const act = async (run: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const r = await run();
      void message.success(r.message);
      setReply('');
      await Promise.all([qc.invalidateQueries({ queryKey: ['console-feedback-one', id] }), qc.invalidateQueries({ queryKey: [LIST_KEY] })]);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const close = () =>
    Modal.confirm({
      title: MSG.feedbackCloseConfirm,
      okText: MSG.feedbackCloseOk,
      cancelText: MSG.cancel,
      onOk: () => act(() => api.post('/api/v1/feedback/{id}/close', { params: { id: id! } })),
    });

  return (
    <Drawer open={id !== null} onClose={onClose} title={MSG.feedbackDetail} size="large" destroyOnHidden>
      {detail.isError ? (
        <Empty description={errorMessage(detail.error)} />
      ) : !f ? null : (
        <div className="atr-feedback-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={MSG.feedbackState}>
              <Tag color={STATE_COLOURS[f.state]}>{FEEDBACK_STATE_LABELS[f.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={MSG.feedbackCategory}>{FEEDBACK_CATEGORY_LABELS[f.category]}</Descriptions.Item>
            <Descriptions.Item label={MSG.feedbackReader}>{f.userContact ? `${f.userName}（${f.userContact}）` : f.userName}</Descriptions.Item>
            <Descriptions.Item label={MSG.feedbackCreatedAt}>{auditTime(f.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={MSG.feedbackPage}>
              {f.page ? (
                <a href={f.page} target="_blank" rel="noopener noreferrer">
                  {f.page}
                </a>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            {f.handlerName && <Descriptions.Item label={MSG.feedbackHandler}>{f.handlerName}</Descriptions.Item>}
            <Descriptions.Item label={MSG.feedbackContent}>
              <div className="atr-feedback-text">{f.content}</div>
            </Descriptions.Item>
            {f.screenshot && (
              <Descriptions.Item label={MSG.feedbackScreenshotAlt}>
                <a href={f.screenshot} target="_blank" rel="noopener noreferrer">
                  <img className="atr-feedback-shot" src={f.screenshot} alt={MSG.feedbackScreenshotAlt} />
                </a>
              </Descriptions.Item>
            )}
            {f.reply && (
              <Descriptions.Item label={MSG.feedbackReplyLabel}>
                <div className="atr-feedback-text">{f.reply}</div>
                {f.repliedAt && <div className="atr-muted">{auditTime(f.repliedAt)}</div>}
              </Descriptions.Item>
            )}
          </Descriptions>
          {(f.state === 'pending' || f.state === 'processing') && (
            <div className="atr-feedback-reply">
              <Input.TextArea
                aria-label={MSG.feedbackActionReply}
                rows={4}
                maxLength={FEEDBACK_TEXT_MAX}
                showCount
                value={reply}
                placeholder={MSG.feedbackReplyPlaceholder}
                onChange={(e) => setReply(e.target.value)}
              />
            </div>
          )}
          <Space wrap className="atr-feedback-actions">
            {f.state === 'pending' && (
              <Button loading={busy} onClick={() => void act(() => api.post('/api/v1/feedback/{id}/process', { params: { id: f.id } }))}>
                {MSG.feedbackActionProcess}
              </Button>
            )}
            {(f.state === 'pending' || f.state === 'processing') && (
              <Button
                type="primary"
                loading={busy}
                disabled={!reply.trim()}
                onClick={() => void act(() => api.post('/api/v1/feedback/{id}/reply', { params: { id: f.id }, body: { reply } }))}
              >
                {MSG.feedbackSendReply}
              </Button>
            )}
            {f.state !== 'closed' && (
              <Button danger loading={busy} onClick={close}>
                {MSG.feedbackActionClose}
              </Button>
            )}
          </Space>
        </div>
      )}
    </Drawer>
  );
}
