/**
 * /subscriptions-topic/journals (spec 2 §7 'Subscriptions'): the topic's top journals
 * (POST /api/v4/modules/top-journal without a count: 51, with is_subscribed for the user), each with a
 * 订阅 / 已订阅 toggle (POST/DELETE /api/v3/subscriptions with the application id). Needs login.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { MSG } from '@common/messages';

import { useSubscriptionToggle } from '@modules/journal/useSubscription';
import { api } from '../../shared/apiClient';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { RequireLogin } from './shared';
import { JournalRows } from './JournalRows';
import './recommendation.css';

/** The page; see the file comment. */
export default function TopicJournalsPage() {
  return (
    <VisitorFrame title={MSG.topicJournalsTitle}>
      {(config, site) => <RequireLogin site={site}>{(userId) => <TopicJournals userId={userId} config={config} appId={site.applicationId} />}</RequireLogin>}
    </VisitorFrame>
  );
}

function TopicJournals({ userId, config, appId }: { userId: number; config: AppConfig; appId: number }) {
  const topicId = config.topicId ?? config.topic?.id ?? null;
  const toggle = useSubscriptionToggle(userId, appId);
  const list = useQuery({
    queryKey: ['subscriptions', userId, 'topic', topicId],
    queryFn: ({ signal }) =>
      api.post('/api/v4/modules/top-{kind}', { params: { kind: 'journal' }, body: { offset: 0, ...(topicId != null ? { topicId } : {}) }, signal }),
  });
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.mySubscriptionsTitle, '/subscriptions/journals'], [MSG.topicJournalsTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.topicJournalsTitle}</h1>
        <Link to="/subscriptions/journals">{MSG.mySubscriptionsTitle}</Link>
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.content.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <JournalRows
            items={list.data.content}
            isOn={(it) => toggle.isOn(it.id, it.is_subscribed === true || it.is_subscribed === 1)}
            busy={(it) => toggle.busy(it.id)}
            onToggle={(it, on) => void toggle.toggle(it.id, on)}
          />
        ))}
    </section>
  );
}
