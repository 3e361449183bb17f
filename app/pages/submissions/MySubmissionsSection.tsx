/**
 * 我的提交 (issue 29 §6; docs/decisions.md 610): the signed-in reader's submissions of the review queues
 * (资源推荐, …) on this site, newest first, each with its type, state, time, the rejection reason and,
 * once approved, a link to what it made; a pending, approved or rejected one can be withdrawn (confirmed).
 * No props: the site and the reader come from the session; the personal centre mounts it. Texts are
 * shown as text.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Tag } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@common/moderation';
import type { MySubmission } from '@common/contracts/submissions';
import { formatDate } from '@modules/kit/format';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';
import { useSiteConfig } from '../visitor/siteConfig';
import { ReaderList } from '../../shared/ReaderList';
import './submissions.css';

const STATE_COLOURS: Record<SubmissionStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red', withdrawn: 'default' };

/** The section; see the file comment. */
export default function MySubmissionsSection() {
  const session = useSession();
  const site = useSiteConfig();
  const userId = session.data?.id ?? null;
  const applicationId = site.data?.applicationId ?? null;
  const list = useQuery({
    queryKey: ['submissions-mine', userId, applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/submissions/mine', { query: { applicationId: applicationId! }, signal }),
    enabled: userId != null && applicationId != null,
  });
  return (
    <ReaderList
      id="atr-my-submissions"
      title={MSG.mySubmissionsTitle}
      className="atr-mysub"
      headingClassName="atr-mysub__h2"
      listClassName="atr-mysub__list"
      list={list}
      empty={MSG.mySubmissionsEmpty}
      render={(s) => <MySubmissionItem key={s.id} s={s} queryKey={['submissions-mine', userId, applicationId]} />}
    />
  );
}

/** One submission of the reader with its state, reason, link and 撤回 (shared with 学者认证与成果认领). */
export function MySubmissionItem({ s, queryKey }: { s: MySubmission; queryKey: unknown[] }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const withdraw = async () => {
    try {
      const r = await api.delete('/api/v1/submissions/{id}', { params: { id: s.id } });
      void message.success(r.message);
      await qc.invalidateQueries({ queryKey });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <li className="atr-mysub__item" data-testid="my-submission">
      <div className="atr-mysub__head">
        <Tag>{s.kindLabel}</Tag>
        <Tag color={STATE_COLOURS[s.status]}>{SUBMISSION_STATUS_LABELS[s.status]}</Tag>
        <span className="atr-mysub__date">{formatDate(s.createdAt)}</span>
      </div>
      <p className="atr-mysub__text">{s.summary}</p>
      {s.status === 'rejected' && s.reason ? <p className="atr-mysub__reason">{fillMsg(MSG.mySubmissionsReason, { reason: s.reason })}</p> : null}
      <div className="atr-mysub__actions">
        {s.link ? <a href={s.link}>{MSG.mySubmissionsView}</a> : null}
        {s.status !== 'withdrawn' ? (
          <Popconfirm title={MSG.mySubmissionsWithdrawConfirm} onConfirm={() => void withdraw()} okText={MSG.mySubmissionsWithdraw}>
            <Button size="small">{MSG.mySubmissionsWithdraw}</Button>
          </Popconfirm>
        ) : null}
      </div>
    </li>
  );
}
