/**
 * Records a 'browse' action (POST /api/v1/actions; spec 1 §3 'Users, resource types, actions') once per
 * visit of a resource page by a signed-in user. Visitors record nothing; a failed call is ignored (the
 * page does not depend on it, and nothing is written to the console).
 */
import { useEffect, useRef } from 'react';
import { api } from '../../shared/apiClient';

/** Posts one browse of `resourceId` when `signedIn` and the id is known (number > 0); once per mounted page and id. */
export function useRecordBrowse(resourceId: number | null | undefined, signedIn: boolean): void {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!signedIn || !resourceId || resourceId <= 0 || done.current === resourceId) return;
    done.current = resourceId;
    api.post('/api/v1/actions', { body: { resourceId, action: 'browse' } }).catch(() => {
      /* best effort */
    });
  }, [resourceId, signedIn]);
}
