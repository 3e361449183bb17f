/**
 * The OAI-PMH routes (docs/architecture.md §OAI-PMH): `GET /oai` and `POST /oai` (form-encoded) on each
 * site's host. Anonymous, rate-limited with the API (server/http/apiRateLimit.ts), row rule `site`: the
 * application of the Host header must be readable to the caller (server/policies/visibility.ts
 * readableApplication: a released site is everyone's; a draft answers 404 exactly like a host without a
 * site, decision 513). Protocol errors are `<error>` elements in a 200 answer (server/oai/provider.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { declared } from '../http/contract.js';
import { publicAccess } from '../policies/access.js';
import { siteRows } from '../policies/rows.js';
import { readableApplication } from '../policies/visibility.js';
import { applicationByHost } from '../applications/service.js';
import { notFound } from '../http/errors.js';
import { MSG } from '../../common/messages.js';
import type { OaiArgs } from './provider.js';
import { searchRunner } from '../search/readPool.js';

const tags = ['开放接口'];
const arg = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);
/** The protocol's arguments; any other is kept (loose) so that the provider answers it with badArgument. */
const oaiArgs = z.looseObject({
  verb: arg('Identify、ListMetadataFormats、ListSets、GetRecord、ListIdentifiers 或 ListRecords'),
  identifier: arg('记录标识 oai:{host}:{type}/{id}'),
  metadataPrefix: arg('元数据格式（oai_dc）'),
  from: arg('起始日期 YYYY-MM-DD 或 YYYY-MM-DDThh:mm:ssZ'),
  until: arg('截止日期，粒度同 from'),
  set: arg('集合 setSpec，如 topic:12:cat:3'),
  resumptionToken: arg('上一页给出的续传令牌'),
});
const EMAIL = /^\S+@(\S+\.)+\S+$/;
/** The 200 answer: an OAI-PMH XML document (the verb's answer or its protocol errors), not JSON. */
const oaiAnswer = {
  description: 'OAI-PMH 2.0 XML 文档（符合 OAI-PMH.xsd；协议错误为其中的 <error> 元素）',
  content: { 'text/xml': { schema: z.string().describe('OAI-PMH XML（UTF-8）') } },
};

/** The address of `ATRIUM_MAIL_FROM` ("名称 <a@b.cn>" or "a@b.cn") when it is one; a placeholder otherwise. */
function adminEmailOf(mailFrom: string | undefined): string {
  const m = /<([^>]+)>/.exec(mailFrom ?? '');
  const addr = (m ? m[1] : (mailFrom ?? '')).trim();
  return EMAIL.test(addr) ? addr : 'webmaster@atrium.invalid';
}

/** Registers GET and POST /oai. */
export default async function oaiRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      const prev = out[k];
      out[k] = prev === undefined ? v : [prev, v].flat();
    }
    done(null, out);
  });
  const runner = ctx.search ?? searchRunner(ctx.db, ctx.dialect);
  const answer = async (req: FastifyRequest, args: OaiArgs) => {
    const site = await applicationByHost(ctx.db, req.headers.host ?? '');
    if (!site) throw notFound(MSG.applicationNotFound);
    const app = await readableApplication(req.scope, site.id);
    const origin = `${req.protocol}://${req.host}`;
    // in the read pool (on a SQLite file, a worker thread): a page's read and its 200 records' XML do not
    // hold up the server's other requests (decision 688)
    return runner.read('oai', {
      site: { app, baseUrl: `${origin}/oai`, origin, secret: ctx.config.secret, adminEmail: adminEmailOf(ctx.config.mailFrom) },
      args,
    });
  };
  const r = declared(app);
  r.get(
    '/oai',
    {
      schema: { summary: 'OAI-PMH 2.0 收割接口（六个动词，oai_dc，集合为本站专题及其分类）', tags, querystring: oaiArgs, response: { 200: oaiAnswer } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req, reply) =>
      reply
        .type('text/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await answer(req, req.query)),
  );
  r.post(
    '/oai',
    {
      schema: { summary: 'OAI-PMH 2.0 收割接口（表单提交）', tags, body: oaiArgs.optional(), response: { 200: oaiAnswer } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req, reply) =>
      reply
        .type('text/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await answer(req, req.body ?? {})),
  );
}
