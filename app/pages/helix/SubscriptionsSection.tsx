/**
 * 订阅 (issue 29 §9): the journals the reader subscribes to (GET /api/v2/list/subscriptions), with links
 * to the full page (取消订阅 there) and to the topic's journals.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { MSG } from '@common/messages';
import { api } from '../../shared/apiClient';
import { ListFailure } from '../../shared/ListFailure';
import type { HelixSectionProps } from './sections';

/** The section; see the file comment. */
export default function SubscriptionsSection({ userId }: HelixSectionProps) {
  const list = useQuery({
    queryKey: ['subscriptions', userId],
    queryFn: ({ signal }) => api.get('/api/v2/list/subscriptions', { query: { subscriber: userId }, signal }),
  });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ListFailure error={list.error} retry={() => void list.refetch()} />;
  return (
    <div className="atr-helix__section">
      <div className="atr-helix__bar">
        <Link to="/subscriptions/journals">{MSG.mySubscriptionsTitle}</Link>
        <Link to="/subscriptions-topic/journals">{MSG.topicJournalsTitle}</Link>
      </div>
      {list.data.content.length === 0 ? (
        <Empty description={MSG.mySubscriptionsEmpty} />
      ) : (
        <ul className="atr-helix__list">
          {list.data.content.map((j) => (
            <li key={j.id} className="atr-helix__item">
              <strong className="atr-helix__title">{j.title}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
