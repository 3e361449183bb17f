/**
 * The developer pages' reads (server/routes/publicApi): the site's facts (GET /open/v1) and the public
 * OpenAPI document (GET /open/v1/openapi.json), one query key each, so the server's render and the
 * browser's hydration share them.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/apiClient';

/** The facts of the developer page. */
export function useOpenInfo() {
  return useQuery({ queryKey: ['open-info'], queryFn: ({ signal }) => api.get('/open/v1', { signal }) });
}

/** One operation of the public document, as the docs page shows it. */
export interface OpenOperation {
  method: string;
  path: string;
  summary: string;
  description?: string;
  params: Array<{ name: string; in: string; required: boolean; description?: string; type?: string }>;
  responses: Array<{ status: string; description?: string }>;
}

type Json = Record<string, unknown>;

/** The operations of an OpenAPI document, in its paths' order. Pure; ignores what it cannot read. */
export function operationsOf(doc: Json): OpenOperation[] {
  const out: OpenOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const [method, raw] of Object.entries((item ?? {}) as Json)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const op = raw as Json;
      const params = ((op.parameters ?? []) as Json[]).map((p) => {
        const schema = (p.schema ?? {}) as Json;
        return {
          name: String(p.name),
          in: String(p.in),
          required: p.required === true,
          description: typeof p.description === 'string' ? p.description : typeof schema.description === 'string' ? schema.description : undefined,
          type: typeof schema.type === 'string' ? schema.type : undefined,
        };
      });
      const responses = Object.entries((op.responses ?? {}) as Json).map(([status, r]) => ({
        status,
        description: typeof (r as Json)?.description === 'string' ? ((r as Json).description as string) : undefined,
      }));
      out.push({ method: method.toUpperCase(), path, summary: typeof op.summary === 'string' ? op.summary : '', params, responses });
    }
  }
  return out;
}

/** The public document's operations. */
export function useOpenDocument() {
  return useQuery({
    queryKey: ['open-openapi'],
    queryFn: async ({ signal }) => {
      const doc = (await api.get('/open/v1/openapi.json', { signal })) as Json;
      return { servers: (doc.servers ?? []) as Array<{ url: string }>, operations: operationsOf(doc) };
    },
  });
}
