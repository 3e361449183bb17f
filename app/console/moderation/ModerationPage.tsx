/**
 * The one console list of the moderation queues (docs/decisions.md 550-556): `/console/cc/comment` for
 * comments, later kinds at their own paths with the same page. One application's submissions of the
 * kind, filtered by state and text, 20 a page, newest first; the application, the filters and the page
 * are kept in the address (`?applicationId=&status=&q=&page=`). Each row shows the text (sensitive words
 * marked), why it waits, the author, the times and the reviewer; 通过 / 驳回 / 重新审核 act on one row,
 * and a selection is approved or rejected at once with one reason. A reviewer without 审核 on the chosen
 * application is told so. The kind's settings (comments: 先审后发 / 先发后审, open types, 敏感词) open in a
 * drawer.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, RedoOutlined, SettingOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import {
  MODERATION_PAGE_SIZE,
  QUEUE_FLAG_LABELS,
  REJECT_REASON_MAX,
  SUBMISSION_KIND_LABELS,
  SUBMISSION_STATUSES,
  SUBMISSION_STATUS_LABELS,
  type QueueFlag,
  type SubmissionKind,
  type SubmissionStatus,
} from '@common/moderation';
import type { Submission } from '@common/contracts/moderation';
import { formatLocal, DAY_MINUTE } from '@common/dates';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { PageHead } from '../PageHead';
import { ApplicationPicker, useApplicationChoice } from '../roles/ApplicationPicker';
import { MissingRightAlert } from '../roles/rights';
import { CommentSettingsDrawer } from './CommentSettingsDrawer';
import '../console.css';
import './moderation.css';

const STATUS_COLORS: Record<SubmissionStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red', withdrawn: 'default' };

/** The text with the sensitive words marked (<mark>), as text nodes only. */
export function markedText(text: string, marks: string[]): ReactNode {
  if (!marks.length) return text;
  const lower = text.toLowerCase();
  const out: ReactNode[] = [];
  let at = 0;
  while (at < text.length) {
    let next = -1;
    let word = '';
    for (const m of marks) {
      const i = lower.indexOf(m.toLowerCase(), at);
      if (i >= 0 && (next < 0 || i < next)) {
        next = i;
        word = m;
      }
    }
    if (next < 0) break;
    if (next > at) out.push(text.slice(at, next));
    out.push(<mark key={next}>{text.slice(next, next + word.length)}</mark>);
    at = next + word.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

const when = (iso: string | null) => (iso ? formatLocal(new Date(iso), DAY_MINUTE) : '');

/**
 * The queue page of one kind; `rowAction` adds a kind's own action to a row (a recommendation's
 * category, decision 611), given the row and the chosen application.
 */
export function ModerationPage({ kind, rowAction }: { kind: SubmissionKind; rowAction?: (s: Submission, applicationId: number) => ReactNode }) {
  const label = SUBMISSION_KIND_LABELS[kind];
  const title = fillMsg(MSG.moderationQueueTitle, { kind: label });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const choice = useApplicationChoice();
  const appId = choice.chosen?.applicationId;
  const [params, setParams] = useSearchParams();
  const status = (SUBMISSION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as SubmissionStatus)
    : params.get('status') === 'all'
      ? undefined
      : 'pending';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [search, setSearch] = useState(q);

  useEffect(() => {
    document.title = `${title} - ${MSG.consoleTitle}`;
  }, [title]);
  useEffect(() => setSelected([]), [appId, status, q, page]);

  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') p.delete(k);
        else p.set(k, v);
      }
      return p;
    });

  const list = useQuery({
    queryKey: ['moderation', kind, appId, status ?? 'all', q, page],
    queryFn: ({ signal }) =>
      api.get('/api/v1/moderation/submissions', {
        query: { applicationId: appId, kind, ...(status ? { status } : {}), ...(q ? { q } : {}), page, size: MODERATION_PAGE_SIZE },
        signal,
      }),
    enabled: !!appId,
    placeholderData: keepPreviousData,
  });

  const act = useMutation({
    mutationFn: (v: { ids: number[]; action: 'approve' | 'reject' | 'reopen'; reason?: string }) =>
      api.post('/api/v1/moderation/review', { body: { applicationId: appId, ids: v.ids, action: v.action, ...(v.reason ? { reason: v.reason } : {}) } }),
    onSuccess: (r) => {
      void message.success(r.message);
      setSelected([]);
      setRejecting(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: ['moderation'] });
    },
    onError: (e) => void message.error(errorMessage(e)),
  });

  const columns: TableColumnsType<Submission> = [
    {
      title: MSG.moderationColumnContent,
      key: 'summary',
      render: (_, s) => (
        <div className="atr-moderation__text">
          <div>{markedText(s.summary, s.marks)}</div>
          <div className="atr-muted">
            {Object.values(s.fields).join(' · ')}
            {s.link ? (
              <>
                {' · '}
                <a href={s.link} target="_blank" rel="noreferrer">
                  {MSG.moderationView}
                </a>
              </>
            ) : null}
          </div>
          {s.reason ? <div className="atr-moderation__reason">{fillMsg(MSG.notifyRejectedBody, { reason: s.reason })}</div> : null}
        </div>
      ),
    },
    {
      title: MSG.moderationColumnFlags,
      key: 'flags',
      width: 150,
      render: (_, s) => (
        <Space size={[0, 4]} wrap>
          {s.flags.map((f) => (
            <Tag key={f} color={f === 'sensitive' || f === 'reported' ? 'red' : 'default'}>
              {QUEUE_FLAG_LABELS[f as QueueFlag] ?? f}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: MSG.moderationColumnAuthor, dataIndex: 'authorName', key: 'author', width: 110 },
    {
      title: MSG.moderationColumnStatus,
      key: 'status',
      width: 90,
      render: (_, s) => <Tag color={STATUS_COLORS[s.status]}>{SUBMISSION_STATUS_LABELS[s.status]}</Tag>,
    },
    {
      title: MSG.moderationColumnTime,
      key: 'time',
      width: 150,
      render: (_, s) => (
        <Tooltip title={s.reviewerName ? `${MSG.moderationColumnReviewer}：${s.reviewerName} ${when(s.reviewedAt)}` : undefined}>
          <span>{when(s.createdAt)}</span>
        </Tooltip>
      ),
    },
    {
      title: MSG.actions,
      key: 'actions',
      width: 190,
      render: (_, s) => (
        <Space size={4} wrap>
          {s.status === 'pending' && (
            <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => act.mutate({ ids: [s.id], action: 'approve' })}>
              通过
            </Button>
          )}
          {(s.status === 'pending' || s.status === 'approved') && (
            <Button size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting([s.id])}>
              驳回
            </Button>
          )}
          {(s.status === 'approved' || s.status === 'rejected') && (
            <Button size="small" icon={<RedoOutlined />} onClick={() => act.mutate({ ids: [s.id], action: 'reopen' })}>
              重新审核
            </Button>
          )}
          {rowAction && appId ? rowAction(s, appId) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="atr-console__page atr-moderation">
      <PageHead title={title}>
        <Space wrap>
          <ApplicationPicker choice={choice} />
          {kind === 'comment' && appId ? (
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {MSG.commentSettingsTitle}
            </Button>
          ) : null}
        </Space>
      </PageHead>
      {appId ? <MissingRightAlert applicationId={appId} right="review" /> : null}
      <div className="atr-moderation__filters">
        <Select
          aria-label={MSG.moderationColumnStatus}
          style={{ width: 140 }}
          value={status ?? 'all'}
          onChange={(v) => set({ status: v === 'pending' ? null : v, page: null })}
          options={[{ value: 'all', label: MSG.moderationAllStatuses }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: SUBMISSION_STATUS_LABELS[s] }))]}
        />
        <Input.Search
          aria-label={MSG.moderationSearch}
          placeholder={MSG.moderationSearch}
          allowClear
          style={{ width: 240 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => set({ q: v.trim() || null, page: null })}
        />
        <Space>
          <Button type="primary" disabled={!selected.length} loading={act.isPending} onClick={() => act.mutate({ ids: selected, action: 'approve' })}>
            {MSG.moderationBulkApprove}
            {selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
            {MSG.moderationBulkReject}
          </Button>
        </Space>
      </div>
      <Table<Submission>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.content ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: list.isError ? errorMessage(list.error) : MSG.moderationEmpty }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (s) => ({ disabled: s.status !== 'pending' && s.status !== 'approved' }),
        }}
        pagination={{
          current: page,
          pageSize: MODERATION_PAGE_SIZE,
          total: list.data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (p) => set({ page: p === 1 ? null : String(p) }),
        }}
      />
      <Modal
        open={rejecting !== null}
        title={rejecting && rejecting.length > 1 ? `${MSG.moderationBulkReject}（${rejecting.length}）` : '驳回'}
        okText="驳回"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: act.isPending }}
        onOk={() => rejecting && act.mutate({ ids: rejecting, action: 'reject', reason: reason.trim() })}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={MSG.moderationRejectPrompt}
          placeholder={MSG.moderationRejectPrompt}
          maxLength={REJECT_REASON_MAX}
          showCount
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
      {kind === 'comment' && appId ? <CommentSettingsDrawer applicationId={appId} open={settingsOpen} onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}

/** /console/cc/comment */
export default function CommentModerationPage() {
  return <ModerationPage kind="comment" />;
}
