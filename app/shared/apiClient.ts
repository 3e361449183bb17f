/**
 * The browser's typed API client (decision 441): common/typedApi.ts's typed calls sent by the signed
 * `request` of app/api.ts (signing, XSRF, the GET retry and ApiError are its, unchanged); the modules
 * receive the same calls as `HostApi.api` (modules/kit/host.ts).
 *
 *   const config = await api.get('/api/v1/applications/{id}/config', { params: { id } });
 */
import { hostApi } from '../api';

export { fillPath, type ApiAnswer, type PathsWith, type Operation, type Answer, type CallInit } from '@common/typedApi';

/** The typed calls: `api.get(path, { params, query })`, `api.post(path, { params, body })` … */
export const api = hostApi.api;
