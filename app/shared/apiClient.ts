/**
 * The typed API client (decision 441): a thin layer over the signed `request` of app/api.ts
 * (signing, XSRF, the GET retry and ApiError are its, unchanged) whose paths, path parameters, query,
 * body and answer types come from the generated `paths` of ./apiSchema.ts. A route whose declared answer
 * changes shape changes those types, and the calls that read the old shape stop compiling.
 *
 *   const config = await api.get('/api/v1/applications/{id}/config', { params: { id } });
 *   await api.post('/api/v1/applications/{id}/home-config', { params: { id }, body: { homeConfig } });
 */
import { request, type QueryValue } from '../api';
import type { paths } from './apiSchema';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The paths that have an operation for `M`. */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never }[keyof paths];

/** The operation of `M` on `P`. */
export type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], { responses: unknown }>;

type SuccessCode = 200 | 201 | 202 | 204;

/** What a successful call answers: the JSON of its 2xx response (undefined for a 204 without a body). */
export type Answer<O> = O extends { responses: infer R }
  ? {
      [K in keyof R & SuccessCode]: R[K] extends { content: { 'application/json': infer J } } ? J : R[K] extends { content?: never } ? undefined : unknown;
    }[keyof R & SuccessCode]
  : never;

/** The answer of `M` on `P`, e.g. `ApiAnswer<'/api/v1/session', 'get'>`. */
export type ApiAnswer<P extends PathsWith<M>, M extends Method = 'get'> = Answer<Operation<P, M>>;

type PathParams<O> = O extends { parameters: { path?: infer T } } ? NonNullable<T> : never;
type QueryParams<O> = O extends { parameters: { query?: infer T } } ? NonNullable<T> : never;
type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type ParamsPart<O> = [PathParams<O>] extends [never] ? { params?: never } : { params: PathParams<O> };
type QueryPart<O> = [QueryParams<O>] extends [never]
  ? { query?: never }
  : object extends QueryParams<O>
    ? { query?: QueryParams<O> }
    : { query: QueryParams<O> };
type BodyPart<O> = [JsonBody<O>] extends [never] ? { body?: never } : O extends { requestBody: unknown } ? { body: JsonBody<O> } : { body?: JsonBody<O> };

/** The second argument of a call: path parameters, query and body as the route declares them. */
export type CallInit<O> = ParamsPart<O> & QueryPart<O> & BodyPart<O> & { signal?: AbortSignal };

/** The argument list after the path: optional when nothing in it is required. */
type InitArgs<O> = object extends CallInit<O> ? [init?: CallInit<O>] : [init: CallInit<O>];

/** `path` with its `{name}` parameters filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`api: ${path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

type LooseInit = { params?: Record<string, unknown>; query?: object; body?: unknown; signal?: AbortSignal };

/** Sends the call through the signed `request`; a missing path parameter rejects like a failed call would. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, init: LooseInit = {}): Promise<never> {
  const url = fillPath(path, init.params);
  const query = init.query as Record<string, QueryValue> | undefined;
  // a POST or PUT always sends a JSON body ({} when the route takes none), as apiPost and apiPut did
  const body = method === 'POST' || method === 'PUT' ? (init.body ?? {}) : init.body;
  return request<never>(url, { method, query, body, signal: init.signal });
}

/** The typed calls: `api.get(path, { params, query })`, `api.post(path, { params, body })` … */
export const api = {
  get: <P extends PathsWith<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>): Promise<Answer<Operation<P, 'get'>>> => call('GET', path, init),
  post: <P extends PathsWith<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>): Promise<Answer<Operation<P, 'post'>>> => call('POST', path, init),
  put: <P extends PathsWith<'put'>>(path: P, ...[init]: InitArgs<Operation<P, 'put'>>): Promise<Answer<Operation<P, 'put'>>> => call('PUT', path, init),
  delete: <P extends PathsWith<'delete'>>(path: P, ...[init]: InitArgs<Operation<P, 'delete'>>): Promise<Answer<Operation<P, 'delete'>>> =>
    call('DELETE', path, init),
};
