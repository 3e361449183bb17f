/**
 * The signed-in user's manager rights in the browser (POST /api/v1/applications/manager_rights, own;
 * decision #135), and a notice for pages whose saving needs a right the user lacks.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { MANAGER_RIGHTS, MANAGER_RIGHT_LABELS, type ManagerRight } from '@common/roles';
import type { ManagerRights } from '@common/contracts/roles';
import { api } from '../../shared/apiClient';

/** The signed-in user's rights on every application they manage (the answer's type is the server's: common/contracts/roles.ts). */
export type MyRights = ManagerRights;

/** The signed-in user's rights on every application they manage (the query behind useMyRights). */
export function useMyRightsQuery() {
  return useQuery({ queryKey: ['my-rights'], queryFn: () => api.post('/api/v1/applications/manager_rights', { body: {} }), staleTime: 30_000 });
}

/** The rights the user holds on the application: every right for a super manager, [] while loading or none. */
export function useMyRights(applicationId: number): { rights: ManagerRight[]; loaded: boolean } {
  const q = useMyRightsQuery();
  if (!q.data) return { rights: [], loaded: false };
  if (q.data.superManager) return { rights: [...MANAGER_RIGHTS], loaded: true };
  return { rights: q.data.applications.find((a) => a.applicationId === applicationId)?.rights ?? [], loaded: true };
}

/** A warning 没有「站点设置」权限，请联系超级管理员 when the user lacks `right` on the application; nothing otherwise. */
export function MissingRightAlert({ applicationId, right }: { applicationId: number; right: ManagerRight }) {
  const { rights, loaded } = useMyRights(applicationId);
  if (!loaded || rights.includes(right)) return null;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={fillMsg(MSG.rightMissing, { right: MANAGER_RIGHT_LABELS[right] })} />;
}
