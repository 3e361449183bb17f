/** Inputs of the composed-page calls (server/routes/pages; decisions 700-705). */
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { plainText } from '../../../common/homeConfigSchema.js';
import { homeConfigBody } from '../applications/schema.js';
import { revisionListQuery } from '../revisions/schema.js';

/** A page's path id: lowercase ASCII letters, digits and hyphens, starting with a letter or digit, 1-64 characters (decision 701). */
export const PAGE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The path id as typed: trimmed, then checked against PAGE_ID_PATTERN (400 with MSG.pageIdInvalid). */
export const pageIdSchema = z
  .string({ error: MSG.pageIdInvalid })
  .trim()
  .regex(PAGE_ID_PATTERN, MSG.pageIdInvalid)
  .describe('页面路径：小写字母、数字和连字符，1-64 个字符');

/** Path of an application's pages. */
export const appParams = z.object({ id: z.coerce.number({ error: MSG.applicationNotFound }).int().min(1).max(2_147_483_647) });

/** Path of one page; a path id that cannot exist answers 404 页面不存在 like an unknown one (see the routes). */
export const pageParams = appParams.extend({ pageId: z.string().max(200) });

/** Path of one revision of a page. */
export const pageRevisionParams = pageParams.extend({
  revisionId: z.coerce.number({ error: MSG.revisionNotFound }).int(MSG.revisionNotFound).min(1, MSG.revisionNotFound).max(2_147_483_647, MSG.revisionNotFound),
});

/** POST …/pages: a new page's path id and title. */
export const createPageBody = z.object({ pageId: pageIdSchema, title: plainText(60, MSG.pageTitleRequired).describe('页面标题') });

/** PUT …/pages/{pageId}: a new title. */
export const updatePageBody = z.object({ title: plainText(60, MSG.pageTitleRequired).describe('页面标题') });

/** POST …/pages/{pageId}/home-config: the configuration and a summary, as the home page's save. */
export const pageConfigBody = homeConfigBody;

export { revisionListQuery };

/** GET /api/v1/xrender/{pageId}?applicationId=: the site whose page is read. */
export const publicPageParams = z.object({ pageId: z.string().max(200) });
export const publicPageQuery = z.object({ applicationId: z.coerce.number({ error: MSG.applicationNotFound }).int().min(1).max(2_147_483_647) });
