/**
 * The 订阅 / 已订阅 toggle of a journal (spec 1 §2 'Journal subscriptions'; spec 2 §7 'Subscriptions'):
 * POST or DELETE /api/v3/subscriptions { journal | resource_id, subscriber, app_id }. Optimistic: the
 * label flips at once and flips back with a Chinese message when the call fails. Panel reads are
 * refreshed after a change so other panels and pages agree.
 */
import { useCallback, useContext, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useHostApi, type HostApi } from '../kit/host';
import { SITE_MSG } from '../../common/siteMessages.js';
import { toast } from '../kit/toast';

/**
 * The subscription call of one journal through the host's API client `api`: subscribe (`on` true) or
 * unsubscribe, for the user in the application. Rejects with the client's error (a Chinese message).
 */
export function setSubscription(host: HostApi, journalId: number, on: boolean, userId: number, appId: number): Promise<unknown> {
  return on
    ? host.api.post('/api/v3/subscriptions', { body: { journal: journalId, subscriber: userId, app_id: appId } })
    : host.api.delete('/api/v3/subscriptions', { body: { resource_id: journalId, subscriber: userId, app_id: appId } });
}

/**
 * Toggle state over a list of journals: `isOn(id, fromData)` gives the shown state (the local choice,
 * else the read's is_subscribed), `toggle(id, current)` flips it optimistically. `busy(id)` is true while
 * the call runs. Needs a signed-in user (`userId`) and the application id.
 */
export function useSubscriptionToggle(userId: number | null | undefined, appId: number) {
  const [over, setOver] = useState<Record<number, boolean>>({});
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const qc = useContext(QueryClientContext); // absent in server-side renders and tests: nothing to refresh
  const host = useHostApi();
  const toggle = useCallback(
    async (id: number, current: boolean) => {
      if (!userId) return;
      const next = !current;
      setOver((o) => ({ ...o, [id]: next }));
      setPending((p) => ({ ...p, [id]: true }));
      try {
        await setSubscription(host, id, next, userId, appId);
        toast.success(next ? SITE_MSG.subscribed : SITE_MSG.unsubscribed);
        void qc?.invalidateQueries({ queryKey: ['panel-read'] });
        void qc?.invalidateQueries({ queryKey: ['subscriptions'] });
      } catch {
        setOver((o) => ({ ...o, [id]: current }));
        toast.error(next ? SITE_MSG.subscribeFailed : SITE_MSG.unsubscribeFailed);
      } finally {
        setPending((p) => ({ ...p, [id]: false }));
      }
    },
    [userId, appId, qc, host],
  );
  const isOn = useCallback((id: number, fromData: boolean) => (id in over ? over[id] : fromData), [over]);
  const busy = useCallback((id: number) => !!pending[id], [pending]);
  return { isOn, toggle, busy };
}
