/**
 * The public part of the OpenAPI document (docs/decisions.md 636): the operations of the public read
 * API only (paths under PUBLIC_API_BASE, its own document and index left out), the component schemas
 * they name, the key's two security schemes, the site's origin as the server.
 */
import { PUBLIC_API_BASE } from '../../common/publicApi.js';

type Json = Record<string, unknown>;

/** Every `#/components/schemas/X` named anywhere inside `node`. */
function refsOf(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) out.add(v.slice('#/components/schemas/'.length));
      else refsOf(v, out);
    }
  }
  return out;
}

/** The paths of the document that are the public API's reads (not its index nor its own document). */
export const isPublicOperationPath = (path: string): boolean => path.startsWith(`${PUBLIC_API_BASE}/`) && path !== `${PUBLIC_API_BASE}/openapi.json`;

/**
 * The public document made of the whole one (`full`, as @fastify/swagger builds it) for `origin`
 * (`https://host`). Pure; never throws on a well-formed document.
 */
export function publicDocument(full: Json, origin: string): Json & { openapi: string } {
  const paths: Json = {};
  for (const [p, ops] of Object.entries((full.paths ?? {}) as Json)) {
    if (!isPublicOperationPath(p)) continue;
    const copy: Json = {};
    for (const [method, op] of Object.entries(ops as Json)) copy[method] = { ...(op as Json), security: [{}, { bearer: [] }, { apiKey: [] }] };
    paths[p] = copy;
  }
  const all = ((full.components as Json | undefined)?.schemas ?? {}) as Json;
  const wanted = refsOf(paths, new Set());
  // the schemas they name may name others
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...wanted]) {
      for (const n of refsOf(all[name], new Set())) {
        if (wanted.has(n)) continue;
        wanted.add(n);
        grew = true;
      }
    }
  }
  const schemas: Json = {};
  for (const name of wanted) if (all[name]) schemas[name] = all[name];
  const info = (full.info ?? {}) as Json;
  return {
    openapi: typeof full.openapi === 'string' ? full.openapi : '3.1.0',
    info: {
      ...info,
      title: '开放接口',
      description: '本站公开内容的只读接口。带密钥（Authorization: Bearer 或 X-API-Key）按密钥限流；不带密钥按网络地址低频限流。',
    },
    servers: [{ url: origin, description: '本站' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: '开放接口密钥' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: '开放接口密钥' },
      },
    },
  };
}
