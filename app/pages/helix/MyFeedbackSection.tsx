/**
 * 我的反馈 (issue 29 §9): the reader's feedback to this site with its state and the staff's reply
 * (GET /api/v1/feedback/mine), and a link to the feedback form at /temp/contact. Text nodes only.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tag } from 'antd';
import { MSG } from '@common/messages';
import { FEEDBACK_CATEGORY_LABELS, FEEDBACK_STATE_LABELS, type FeedbackState } from '@common/feedback';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import type { HelixSectionProps } from './sections';

const COLOURS: Record<FeedbackState, string> = { pending: 'orange', processing: 'blue', replied: 'green', closed: 'default' };

/** The section; see the file comment. */
export default function MyFeedbackSection({ applicationId, userId }: HelixSectionProps) {
  const list = useQuery({
    queryKey: ['feedback-mine', userId, applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/feedback/mine', { query: { applicationId }, signal }),
  });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  return (
    <div className="atr-helix__section">
      <div className="atr-helix__bar">
        <Link to="/temp/contact">{MSG.feedbackFormTitle}</Link>
      </div>
      {list.data.content.length === 0 ? (
        <Empty description={MSG.myFeedbackEmpty} />
      ) : (
        <ul className="atr-helix__list">
          {list.data.content.map((f) => (
            <li key={f.id} className="atr-helix__item" data-testid="helix-feedback">
              <div className="atr-helix__item-head">
                <Tag>{FEEDBACK_CATEGORY_LABELS[f.category]}</Tag>
                <Tag color={COLOURS[f.state]}>{FEEDBACK_STATE_LABELS[f.state]}</Tag>
                <span className="atr-helix__date">{formatLocal(new Date(f.createdAt), DAY_MINUTE)}</span>
              </div>
              <p className="atr-helix__text">{f.content}</p>
              {f.reply ? (
                <div className="atr-helix__reply">
                  <strong>{MSG.feedbackReplyLabel}：</strong>
                  <span className="atr-helix__text">{f.reply}</span>
                </div>
              ) : (
                <p className="atr-helix__meta">{MSG.feedbackAwaitingReply}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
