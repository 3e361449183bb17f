/**
 * The OAI-PMH routes (docs/architecture.md §OAI-PMH): `GET /oai` and `POST /oai` (form-encoded) on each
 * site's host. Anonymous, rate-limited with the API (server/http/apiRateLimit.ts), row rule `site`: the
 * application of the Host header must be readable to the caller (server/policies/visibility.ts
 * readableApplication: a released site is everyone's; a draft answers 404 exactly like a host without a
 * site, decision 513). Protocol errors are `<error>` elements in a 200 answer (server/oai/provider.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { datestamp } from './xml.js';
import { asBuffer, tokenAtEnd } from './answerBytes.js';
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

/** How long a page made ahead waits for its harvester, ms (decision 689). */
const NEXT_PAGE_TTL_MS = 30_000;
/** Pages made ahead kept at once (about 300 KB each); the oldest go first. */
const NEXT_PAGES_MAX = 16;
const LIST_VERBS = new Set(['ListRecords', 'ListIdentifiers', 'ListSets']);
const RESPONSE_DATE = /<responseDate>[^<]*<\/responseDate>/;
const DATE_OPEN = Buffer.from('<responseDate>');
const DATE_CLOSE = Buffer.from('</responseDate>');

/**
 * `doc` with its responseDate set to `now`: written over the old one in place when both are the
 * protocol's 20 characters (a page made ahead is sent once), else by a replace of the text.
 */
export function withResponseDate(doc: Buffer, now: Date): Buffer {
  const stamp = Buffer.from(datestamp(now.toISOString()));
  const at = doc.subarray(0, 1024).indexOf(DATE_OPEN);
  const start = at + DATE_OPEN.length;
  if (at >= 0 && doc.subarray(start + stamp.length, start + stamp.length + DATE_CLOSE.length).equals(DATE_CLOSE)) {
    stamp.copy(doc, start);
    return doc;
  }
  return Buffer.from(doc.toString('utf8').replace(RESPONSE_DATE, `<responseDate>${stamp.toString()}</responseDate>`));
}

/**
 * The next page of each harvest, made while the harvester reads this one (decision 689): a list page
 * with a resumption token starts the token's answer in the read pool at once, and the request that
 * brings the token takes it, so the harvester's own time (the transfer, its parse) overlaps the
 * server's read. A page is taken only by the very request it answers (the verb and the token alone,
 * on the same site and address), within {@link NEXT_PAGE_TTL_MS}, and only in the cache generation it
 * was made in: a write that changes what visitors see in between drops it, and the page is read again.
 * Its responseDate is set when it is sent. One process's memory: a harvester whose next request
 * reaches another process is answered there as before.
 */
export class NextPages {
  private pages = new Map<string, { generation: number; at: number; doc: Promise<Buffer | null> }>();

  private static key(place: string, args: OaiArgs): string | null {
    const names = Object.keys(args).filter((k) => args[k] !== undefined);
    const verb = args.verb;
    const token = args.resumptionToken;
    if (names.length !== 2 || typeof verb !== 'string' || typeof token !== 'string' || !LIST_VERBS.has(verb)) return null;
    return `${place}|${verb}|${token}`;
  }

  /** The page made ahead for this request (its responseDate now), or null when there is none to use. */
  async take(place: string, args: OaiArgs, generation: number): Promise<Buffer | null> {
    const key = NextPages.key(place, args);
    const made = key === null ? undefined : this.pages.get(key);
    if (key === null || !made) return null;
    this.pages.delete(key);
    if (made.generation !== generation || Date.now() - made.at > NEXT_PAGE_TTL_MS) return null;
    const doc = await made.doc;
    return doc === null ? null : withResponseDate(doc, new Date());
  }

  /** After a list page `doc` answered `args`: starts the page of its resumption token, if it has one. */
  prepare(place: string, args: OaiArgs, doc: Buffer, generation: number, read: (args: OaiArgs) => Promise<Buffer>): void {
    const verb = args.verb;
    if (typeof verb !== 'string' || !LIST_VERBS.has(verb)) return;
    const token = tokenAtEnd(doc);
    if (!token) return;
    const next = { verb, resumptionToken: token };
    const key = NextPages.key(place, next)!;
    for (const [k, v] of this.pages) if (Date.now() - v.at > NEXT_PAGE_TTL_MS) this.pages.delete(k);
    while (this.pages.size >= NEXT_PAGES_MAX) this.pages.delete(this.pages.keys().next().value!);
    // a failure is the request's own to meet: the page made ahead is then null and read again
    this.pages.set(key, { generation, at: Date.now(), doc: read(next).catch(() => null) });
  }
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
  const ahead = new NextPages();
  const answer = async (req: FastifyRequest, args: OaiArgs) => {
    const site = await applicationByHost(ctx.db, req.headers.host ?? '');
    if (!site) throw notFound(MSG.applicationNotFound);
    const app = await readableApplication(req.scope, site.id);
    const origin = `${req.protocol}://${req.host}`;
    const oaiSite = { app, baseUrl: `${origin}/oai`, origin, secret: ctx.config.secret, adminEmail: adminEmailOf(ctx.config.mailFrom) };
    // in the read pool (on a SQLite file, a worker thread): a page's read, its 200 records' XML and their
    // UTF-8 bytes do not hold up the server's other requests (decisions 688, 708)
    const read = async (a: OaiArgs) => asBuffer(await runner.read('oai', { site: oaiSite, args: a }));
    const generation = req.server.visitorCache.generation;
    const place = `${app.id}|${origin}`;
    const doc = (await ahead.take(place, args, generation)) ?? (await read(args));
    ahead.prepare(place, args, doc, generation, read);
    return doc;
  };
  const r = declared(app);
  r.get(
    '/oai',
    {
      schema: { summary: 'OAI-PMH 2.0 收割接口（六个动词，oai_dc，集合为本站专题及其分类）', tags, querystring: oaiArgs, response: { 200: oaiAnswer } },
      config: { access: publicAccess, rows: siteRows },
    },
    async (req, reply) =>
      // the answer's bytes as the read pool made them (the typed reply takes the schema's text)
      (reply as FastifyReply)
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
      // the answer's bytes as the read pool made them (the typed reply takes the schema's text)
      (reply as FastifyReply)
        .type('text/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await answer(req, req.body ?? {})),
  );
}
