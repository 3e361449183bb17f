/**
 * Citation export (decisions 270-273): every detail page and result list offers its
 * resources as BibTeX, RIS and GB/T 7714-2015 text (server/citations).
 * - GET /api/v1/resources/{type}/{id}/citation?format=bibtex|ris|gbt7714: one resource as a file.
 *   404 (该资源不存在或已删除) for an unknown type or id, 400 for another format.
 * - GET /api/v1/citations?ids=1,2,3&format=…: up to 100 resources in the order given (a result page, or
 *   the results a visitor ticked); ids that do not exist are left out, 404 when none exists; 400 for
 *   no ids, more than 100, ids that are not positive integers, or another format.
 * Answers are attachments (`content-disposition: attachment; filename="<ascii>"; filename*=UTF-8''<name>`)
 * of type application/x-bibtex, application/x-research-info-systems or text/plain, all UTF-8; with
 * `disposition=inline` the same header says `inline` (the explore page's GB/T 7714 link, which a visitor
 * without JavaScript opens to read and copy the text; decision 282); 400 for another disposition.
 * Public, like the detail pages that lead here.
 * Declared contracts: the schemas and the access are in each route's options; the answer
 * is described by its content types (common/contracts/citations.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { readableResources, resourceRows } from '../../policies/rows.js';
import { declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { detailReadAccess } from '../../policies/detailSignin.js';
import { citationFileAnswer } from '../../../common/contracts/citations.js';
import { MSG } from '../../../common/messages.js';
import { resourceById } from '../../search/service.js';
import type { ResourceItem } from '../../resources/present.js';
import { renderCitations, type CitationFormat } from '../../citations/render.js';
import { citationListQuery, citationParams, citationPathParams, citationQuery, type CitationDisposition } from './schema.js';

/** RFC 5987 value characters: everything else is percent-encoded (encodeURIComponent leaves ' ( ) * !). */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A file name from a title: no path or reserved characters, at most 60 characters. */
const fileTitle = (title: string) =>
  [
    ...title
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, 60)
    .join('') || 'citation';

/**
 * The content-disposition of an answer (`attachment` unless `disposition` says `inline`): `ascii`
 * (letters, digits, . _ -) for every client, and `name` in UTF-8 (RFC 6266 / 5987) for those that read it.
 */
export function attachment(ascii: string, name: string, disposition: CitationDisposition = 'attachment'): string {
  return `${disposition}; filename="${ascii.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${rfc5987(name)}`;
}

async function send(
  reply: FastifyReply,
  items: ResourceItem[],
  format: CitationFormat,
  disposition: CitationDisposition,
  names: (ext: string) => [string, string],
) {
  const { body, contentType, extension } = await renderCitations(items, format);
  const [ascii, name] = names(extension);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachment(ascii, name, disposition))
    .header('cache-control', 'no-store')
    .send(body);
}

const tags = ['引文导出'];

export default async function citationRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = declared(app);

  r.get(
    '/api/v1/resources/:type/:id/citation',
    {
      schema: {
        summary: '导出一个资源的引文（BibTeX、RIS 或 GB/T 7714）',
        tags,
        params: citationPathParams,
        querystring: citationQuery,
        response: { 200: citationFileAnswer },
      },
      config: { access: detailReadAccess(), rows: resourceRows }, // 详情页需登录 on the site: signed-in only
    },
    async (req, reply) => {
      const { format, disposition } = req.query;
      const p = citationParams.safeParse(req.params);
      if (!p.success) throw notFound(MSG.resourceNotFound);
      const item = await resourceById(db, p.data.id, p.data.type, readableResources(req));
      if (!item) throw notFound(MSG.resourceNotFound);
      return send(reply, [item], format, disposition, (ext) => [`atrium-${item.type}-${item.id}.${ext}`, `${fileTitle(item.title)}.${ext}`]);
    },
  );

  r.get(
    '/api/v1/citations',
    {
      schema: {
        summary: '导出多个资源的引文（按给出的顺序，最多 100 个）',
        tags,
        querystring: citationListQuery,
        response: { 200: citationFileAnswer },
      },
      config: { access: detailReadAccess(), rows: resourceRows }, // 详情页需登录 on the site: signed-in only
    },
    async (req, reply) => {
      const { ids, format, disposition } = req.query;
      const rows = readableResources(req);
      const found = await Promise.all(ids.map((id) => resourceById(db, id, undefined, rows)));
      const items = found.filter((it): it is ResourceItem => !!it);
      if (items.length === 0) throw notFound(MSG.resourceNotFound);
      return send(reply, items, format, disposition, (ext) => [`atrium-citations-${items.length}.${ext}`, `${MSG.citationFileName(items.length)}.${ext}`]);
    },
  );
}
