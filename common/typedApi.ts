/**
 * The typed API calls (decision 441; docs/architecture.md §The generated client): paths, path parameters,
 * query, body and answer types come from the generated `paths` of ./apiSchema.ts, so a route whose
 * declared answer changes shape breaks every call that reads the old shape. The calls are sent by a
 * `request` function the caller gives: the browser's signed client (app/api.ts, through
 * app/shared/apiClient.ts `api`) and the modules' host client (modules/kit/host.ts `HostApi.api`).
 *
 *   const config = await api.get('/api/v1/applications/{id}/config', { params: { id } });
 *   await api.post('/api/v1/applications/{id}/home-config', { params: { id }, body: { homeConfig } });
 */
import type { paths } from './apiSchema.js';

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

/** One untyped call as the sender receives it: the filled path, the method, the query, the JSON body. */
export interface UntypedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

/** What sends a call: resolves with the parsed JSON answer, rejects with the sender's error. */
export type SendCall = (path: string, init: UntypedCall) => Promise<unknown>;

type LooseInit = { params?: Record<string, unknown>; query?: object; body?: unknown; signal?: AbortSignal };

/** The typed calls over one sender: `get(path, { params, query })`, `post(path, { params, body })` … */
export interface TypedApi {
  get<P extends PathsWith<'get'>>(path: P, ...init: InitArgs<Operation<P, 'get'>>): Promise<Answer<Operation<P, 'get'>>>;
  post<P extends PathsWith<'post'>>(path: P, ...init: InitArgs<Operation<P, 'post'>>): Promise<Answer<Operation<P, 'post'>>>;
  put<P extends PathsWith<'put'>>(path: P, ...init: InitArgs<Operation<P, 'put'>>): Promise<Answer<Operation<P, 'put'>>>;
  delete<P extends PathsWith<'delete'>>(path: P, ...init: InitArgs<Operation<P, 'delete'>>): Promise<Answer<Operation<P, 'delete'>>>;
}

/**
 * The typed calls sent by `send`. A POST or PUT always sends a JSON body ({} when the route takes none);
 * a missing path parameter rejects (an Error naming it) before anything is sent.
 */
export function typedApi(send: SendCall): TypedApi {
  const call = async (method: UntypedCall['method'], path: string, init: LooseInit = {}): Promise<never> => {
    const url = fillPath(path, init.params);
    const body = method === 'POST' || method === 'PUT' ? (init.body ?? {}) : init.body;
    return (await send(url, { method, query: init.query as Record<string, unknown> | undefined, body, signal: init.signal })) as never;
  };
  return {
    get: (path: string, init?: LooseInit) => call('GET', path, init),
    post: (path: string, init?: LooseInit) => call('POST', path, init),
    put: (path: string, init?: LooseInit) => call('PUT', path, init),
    delete: (path: string, init?: LooseInit) => call('DELETE', path, init),
  } as TypedApi;
}
