/**
 * /subscriptions/journals (spec 1 §2 'Journal subscriptions'): the signed-in user's subscribed
 * journals (GET /api/v2/list/subscriptions?subscriber=…, every application), each with 取消订阅 (DELETE
 * /api/v1/subscriptions: the subscription ends everywhere), and a link to the topic's journals.
 * Signed-out visitors go to the sign-in page.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@common/messages';

import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { RequireLogin } from './shared';
import { JournalRows, type JournalItem } from './JournalRows';
import './recommendation.css';
import { api } from '../../shared/apiClient';

/** The page; see the file comment. */
export default function MySubscriptionsPage() {
  return (
    <VisitorFrame title={MSG.mySubscriptionsTitle}>
      {(_config, site) => <RequireLogin site={site}>{(userId) => <MySubscriptions userId={userId} />}</RequireLogin>}
    </VisitorFrame>
  );
}

function MySubscriptions({ userId }: { userId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['subscriptions', userId],
    queryFn: ({ signal }) => api.get('/api/v2/list/subscriptions', { query: { subscriber: userId }, signal }),
  });
  const remove = async (it: JournalItem) => {
    setRemoving(it.id);
    try {
      await api.delete('/api/v1/subscriptions', { body: { resource_id: it.id, subscriber: userId } });
      message.success(MSG.unsubscribed);
      await qc.invalidateQueries({ queryKey: ['subscriptions', userId] });
      void qc.invalidateQueries({ queryKey: ['panel-read'] });
    } catch {
      message.error(MSG.unsubscribeFailed);
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section className="atr-vcard">
      <Crumbs trail={[[MSG.mySubscriptionsTitle]]} />
      <div className="atr-feed-head">
        <h1 className="atr-detail__title">{MSG.mySubscriptionsTitle}</h1>
        <Link to="/subscriptions-topic/journals">{MSG.topicJournalsTitle}</Link>
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {list.isError && <ListFailure error={list.error} retry={() => list.refetch()} />}
      {list.data &&
        (list.data.content.length === 0 ? (
          <Empty description={MSG.mySubscriptionsEmpty}>
            <Link to="/subscriptions-topic/journals">{MSG.topicJournalsTitle}</Link>
          </Empty>
        ) : (
          <JournalRows items={list.data.content} removeOnly isOn={() => true} busy={(it) => removing === it.id} onToggle={(it) => void remove(it)} />
        ))}
    </section>
  );
}
