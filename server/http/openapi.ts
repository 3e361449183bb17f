/**
 * The API's description: @fastify/swagger builds an OpenAPI 3.1 document from the
 * declared route contracts (server/http/contract.ts; the zod schemas turned into JSON Schema by
 * fastify-type-provider-zod), served at GET /api/openapi.json, and @fastify/swagger-ui shows it at
 * /api/docs. Routes still checking their input in the handler appear with their path only until
 * they are declared. The signing scheme of spec 2 §7 and the XSRF header are described once, in the
 * document's `info.description` and `components.securitySchemes`.
 *
 * Who reads them (decision 419): in development and tests anyone, like the API they describe; in
 * production only super managers (401 to the signed-out, 403 接口文档仅对超级管理员开放 to everyone
 * else): the document names every console route and its access, which helps nobody but an attacker
 * outside the team. The public API of a later issue can be documented apart.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteOptions } from 'fastify';
import { MSG } from '../../common/messages.js';
import { apiComponents } from '../../common/contracts/common.js';
import type { Access } from '../policies/access.js';
import { requireSuper } from './session.js';
import { documentedSchema } from './contract.js';

const DESCRIPTION = [
  'Atrium 科技信息门户的接口（规范 spec 2 §7）。回答为 JSON；出错时为 `{ error: { code, message, fields? } }`，`message` 为中文，`fields` 按 `body.x` / `query.x` / `params.x` 指出出错的字段。',
  '',
  '**登录**：会话保存在 httpOnly Cookie `atrium_session` 中（短信验证码、邮箱验证码、微信或 OpenID Connect 登录后设置）。',
  '',
  '**防伪造**：POST、PUT、DELETE 等写操作须在请求头 `X-XSRF-TOKEN` 中带上 Cookie `XSRF-TOKEN` 的值。',
  '',
  '**请求签名**（spec 2 §7）：除 GET、HEAD、OPTIONS 外的请求须带四个请求头：`X-Atrium-Timestamp`（毫秒时间戳，与服务器相差不超过 5 分钟）、`X-Atrium-Nonce`（32 位十六进制随机串，不可重复使用）、`X-Atrium-Validation`（请求体的 SHA-256 十六进制值；文件上传为 `UNSIGNED-PAYLOAD`）和 `X-Atrium-Signature`。签名是用 `GET /api/v1/session/signing-key` 取得的密钥，对规范请求（`ATRIUM-HMAC-SHA256`、方法、路径、按键排序的查询串、时间戳、随机串、请求体摘要，各占一行）计算的 HMAC-SHA256（十六进制）。算法见 common/requestSigning.ts。',
  '',
  '**权限**：每个接口的说明写明谁可以调用：访客、已登录用户、应用管理员（及所需权限）或超级管理员。',
].join('\n');

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

/** Whether a route (its pattern as registered) is one of the documents': the JSON, or the page and its files. */
const isDocsRoute = (url: string | undefined) => url === OPENAPI_PATH || url === DOCS_PREFIX || !!url?.startsWith(`${DOCS_PREFIX}/`);

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The operation's id (decision 438): its method and its path, read as words — `GET
 * /api/v1/applications/{id}/config` is `getV1ApplicationsByIdConfig` — so it is stable while the route
 * keeps its address, unique as long as no two routes share a method and a path, and readable in the
 * generated types (common/apiSchema.ts). The `/api` prefix is dropped; other roots (`/web`) stay.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^[:{](\w+)\}?$/.exec(seg);
      const parts = (param ? `by-${param[1]}` : seg).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parts;
    });
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

type Requirement = Record<string, string[]>;

/**
 * The operation's `security` from its declared access (decision 438): an anonymous read needs nothing
 * (`[]`); a signed-in access needs the session cookie; a write under /api/ also needs the XSRF echo and
 * the request signature (server/http/session.ts, server/http/signing.ts), signed in or not. A public
 * route with a stricter access for some requests accepts either.
 */
export function securityOf(access: Access, method: string, url: string): Requirement[] {
  const signed = WRITE.has(method.toUpperCase()) && (url.startsWith('/api/') || url.startsWith('/toolsApi/'));
  const write: Requirement = signed ? { xsrf: [], signature: [] } : {};
  const withSession: Requirement = { session: [], ...write };
  if (access.kind === 'public') {
    const anonymous: Requirement[] = Object.keys(write).length ? [write] : [{}];
    return access.unless ? [...anonymous, withSession] : Object.keys(write).length ? [write] : [];
  }
  return [withSession];
}

const baseTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });

/**
 * A page answer is `allOf: [PageEnvelope, { content }]`: each part describes only its own fields, so
 * neither may close the object (`additionalProperties: false` would refuse the other part's fields).
 */
function openAllOf(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(openAllOf);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.allOf))
    for (const part of o.allOf as Record<string, unknown>[]) if (part?.additionalProperties === false) delete part.additionalProperties;
  Object.values(o).forEach(openAllOf);
}

/** The route's description as @fastify/swagger passes it: inputs as documented, the id and the security added. */
const transform: typeof baseTransform = (input) => {
  const given = input.schema as Record<string, unknown> | undefined;
  const schema = given && { ...given, body: documentedSchema(given.body), querystring: documentedSchema(given.querystring) };
  if (schema && !given?.body) delete schema.body;
  if (schema && !given?.querystring) delete schema.querystring;
  // a route also served with a trailing slash (/api/v1/wechat/qrcode/, for old clients) is described once, without it
  if (input.url.length > 1 && input.url.endsWith('/')) return { schema: { hide: true }, url: input.url };
  const out = baseTransform({ ...input, schema } as typeof input);
  openAllOf(out.schema);
  const route = (input as { route?: RouteOptions }).route;
  const method = [route?.method ?? 'GET'].flat()[0];
  if (out.schema && !out.schema.hide) {
    const schema = out.schema as Record<string, unknown>;
    schema.operationId ??= operationIdOf(method, input.url);
    const access = route?.config?.access;
    if (access) schema.security = securityOf(access, method, input.url);
  }
  return out;
};

/** Options of {@link registerOpenApi}. */
export interface OpenApiOptions {
  /** only super managers read the document and its pages (production; decision 419); default false: anyone */
  superOnly?: boolean;
}

/**
 * Registers the document builder and its page; call after the session hooks and the contracts and
 * before the routes (it collects them as they are registered). GET /api/openapi.json answers the
 * document; /api/docs (and its json, yaml and static files) shows it. With `superOnly`, each of them
 * refuses anyone but a super manager (401 signed out, 403 接口文档仅对超级管理员开放).
 */
export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions = {}): Promise<void> {
  const superOnly = opts.superOnly ?? false;
  // the documents' routes declare no access (the role matrix lists them as public, as they are outside
  // production): in production one hook refuses on every route of theirs, the swagger-ui files too,
  // after the app's onRequest hooks have read the session
  if (superOnly) {
    app.addHook('onRequest', async (req) => {
      if (isDocsRoute(req.routeOptions.url)) requireSuper(req, MSG.apiDocsSuperOnly);
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: MSG.apiDocsTitle, description: DESCRIPTION, version: '1.0.0', license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
      // the document describes the server that answers it: its paths are relative to where it is read
      servers: [{ url: '/', description: '当前站点' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'atrium_session', description: '登录会话' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: '写操作须带上 Cookie XSRF-TOKEN 的值' },
          signature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Atrium-Signature',
            description: '请求签名（spec 2 §7）：与 X-Atrium-Timestamp、X-Atrium-Nonce、X-Atrium-Validation 一起发送，算法见文档说明',
          },
        },
      },
    },
    transform,
    // the shared shapes (the refusal, the page envelope, the home and site configurations) as components
    transformObject: (input) => {
      const doc = createJsonSchemaTransformObject({ schemaRegistry: apiComponents })(input);
      openAllOf((doc as { components?: unknown }).components);
      return doc;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
  // undeclared like the page's routes (a declared route is described in the document; this one is the document)
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
