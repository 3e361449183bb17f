/**
 * POST /api/v1/banners/title (spec 2 §7 'Application and account', payload not shown; docs/decisions.md
 * 295): the title of the site content a banner (a carousel item) links to, so the editor can fill a
 * banner's title from its link. Body `{ url }`: a site path or an absolute address whose path is one of
 * the detail links the panels produce (spec 1 §2 'Links the panels produce'):
 * /microapp/explore/resources/{type}/{id}, /microapp/profile/{id} (a scholar), /resources/notices/{id}.
 * Answers `{ url, title, kind: 'resource' | 'notice', type }`; 404 with 未能从链接中识别出站内内容… when
 * the link names nothing (or a notice of an application the caller does not manage). Managers of some
 * application and super managers only (the carousel form is the editor's).
 * Declared contract: the schemas and the access are in the route's options.
 */
import type { FastifyInstance } from 'fastify';
import { managedRows } from '../../policies/rows.js';
import type { AppContext } from '../../context.js';
import { currentUser, declared } from '../../http/contract.js';
import { notFound } from '../../http/errors.js';
import { anyManagerAccess } from '../../policies/access.js';
import { checkManagedContent } from '../../policies/visibility.js';
import { MSG } from '../../../common/messages.js';
import { bannerTitleAnswer } from '../../../common/contracts/banners.js';
import { bannerTitleBody, linkTarget } from './schema.js';
import { noticeTitle, resourceTitle } from './service.js';

export default async function bannerRoutes(app: FastifyInstance, { db }: AppContext) {
  declared(app).post(
    '/api/v1/banners/title',
    {
      schema: { summary: '读取轮播图链接所指站内内容的标题', tags: ['轮播图'], body: bannerTitleBody, response: { 200: bannerTitleAnswer } },
      config: { rows: managedRows, access: anyManagerAccess, signedRead: true },
    },
    async (req) => {
      const { url } = req.body;
      const target = linkTarget(url);
      if (!target) throw notFound(MSG.bannerTitleNotFound);
      if (target.kind === 'notice') {
        const n = await noticeTitle(db, target.id);
        if (!n) throw notFound(MSG.bannerTitleNotFound);
        currentUser(req);
        await checkManagedContent(req.scope, n, MSG.bannerTitleNotFound);
        return { url, title: n.title, kind: 'notice' as const, type: 'notice' };
      }
      const r = await resourceTitle(db, target.id, target.type);
      if (!r) throw notFound(MSG.bannerTitleNotFound);
      return { url, title: r.title, kind: 'resource' as const, type: r.type };
    },
  );
}
