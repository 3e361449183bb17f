/**
 * 我的评论 (issue 29 §9; decision 583): the reader's comments on this site, newest first, each with its
 * state (已发布, 审核中, 未通过 with the reason, 已撤回) and a link to the page it is on. Text nodes only.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { HELIX_PAGE_SIZE } from '@common/helix';
import { COMMENT_TARGET_LABELS, type CommentTarget } from '@common/comments';
import { DAY_MINUTE, formatLocal } from '@common/dates';
import type { MyComment } from '@common/contracts/helix';
import { isSitePath } from '@common/safePath';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import type { HelixSectionProps } from './sections';

const STATES: Record<MyComment['state'], [string, string]> = {
  shown: [MSG.myCommentStateShown, 'green'],
  pending: [MSG.myCommentStatePending, 'orange'],
  rejected: [MSG.myCommentStateRejected, 'red'],
  withdrawn: [MSG.myCommentStateWithdrawn, 'default'],
  hidden: [MSG.myCommentStateHidden, 'default'],
};

/** The section; see the file comment. */
export default function MyCommentsSection({ applicationId, userId }: HelixSectionProps) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['my-comments', userId, applicationId, page],
    queryFn: ({ signal }) => api.get('/api/v1/helix/comments', { query: { applicationId, page, size: HELIX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  if (list.data.content.length === 0) return <Empty description={MSG.myCommentsEmpty} />;
  return (
    <div className="atr-helix__section">
      <ul className="atr-helix__list">
        {list.data.content.map((c) => {
          const [label, colour] = STATES[c.state];
          const where = c.link && isSitePath(c.link) ? c.link : null;
          const target = COMMENT_TARGET_LABELS[c.targetType as CommentTarget] ?? c.targetType;
          return (
            <li key={c.id} className="atr-helix__item" data-testid="my-comment">
              <div className="atr-helix__item-head">
                <Tag color={colour}>{label}</Tag>
                <span className="atr-helix__meta">{where ? <Link to={where}>{target}</Link> : target}</span>
                <span className="atr-helix__date">{formatLocal(new Date(c.createdAt), DAY_MINUTE)}</span>
              </div>
              <p className="atr-helix__text">{c.body}</p>
              {c.reason && <p className="atr-helix__reason">{fillMsg(MSG.myCommentRejectReason, { reason: c.reason })}</p>}
            </li>
          );
        })}
      </ul>
      {list.data.totalElements > HELIX_PAGE_SIZE && (
        <Pagination
          className="atr-helix__pager"
          current={page}
          pageSize={HELIX_PAGE_SIZE}
          total={list.data.totalElements}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
