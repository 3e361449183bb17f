/**
 * POST /api/v1/banners/title (spec 2 §7 'Application and account', payload not shown; docs/decisions.md
 * 295): the title of the site content a banner (a carousel item) links to, so the editor can fill a
 * banner's title from its link. Body `{ url }`: a site path or an absolute address whose path is one of
 * the detail links the panels produce (spec 1 §2 'Links the panels produce'):
 * /microapp/explore/resources/{type}/{id}, /microapp/profile/{id} (a scholar), /resources/notices/{id}.
 * Answers `{ url, title, kind: 'resource' | 'notice', type }`; 404 with 未能从链接中识别出站内内容… when
 * the link names nothing (or a notice of an application the caller does not manage). Managers of some
 * application and super managers only (the carousel form is the editor's).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { notFound } from '../../http/errors.js';
import { canManage, requireUser } from '../../http/session.js';
import { requireAnyManager } from '../roles/service.js';
import { MSG } from '../../../common/messages.js';
import { bannerTitleBody, linkTarget } from './schema.js';

export default async function bannerRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/api/v1/banners/title', { config: { signedRead: true } }, async (req) => {
    const user = requireUser(req);
    await requireAnyManager(db, user);
    const { url } = parse(bannerTitleBody, req.body);
    const target = linkTarget(url);
    if (!target) throw notFound(MSG.bannerTitleNotFound);
    if (target.kind === 'notice') {
      const n = await db.selectFrom('notices').select(['title', 'application_id']).where('id', '=', target.id).executeTakeFirst();
      if (!n || !(await canManage(db, user, n.application_id))) throw notFound(MSG.bannerTitleNotFound);
      return { url, title: n.title, kind: 'notice', type: 'notice' };
    }
    const r = await db.selectFrom('resources').select(['title', 'type']).where('id', '=', target.id).where('type', '=', target.type).executeTakeFirst();
    if (!r) throw notFound(MSG.bannerTitleNotFound);
    return { url, title: r.title, kind: 'resource', type: r.type };
  });
}
