/**
 * The site's header, footer and theme (spec 1 §3 'Application config'; spec 2 §7 'Application and
 * account'): POST /api/v1/applications/{id}/header-config, footer-config and theme-config, each taking
 * `{ headerConfig }` (etc.) or the bare config object (docs/decisions.md 50), checked against the strict
 * schemas of common/siteConfig.ts and answering the saved config as GET .../config reads it back. The
 * logo calls are in ./logo.ts. Managers of the application and super managers only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/parse.js';
import { fromZod, HttpError } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { themeUrlAllowed } from '../../../common/safePath.js';
import { requireManager, requireUser } from '../../http/session.js';
import { unwrapConfig } from '../../../common/siteConfig.js';
import { idParams } from './schema.js';
import { getApplication } from './service.js';
import { SITE_CONFIG_BODY_LIMIT, SITE_CONFIG_CALLS } from './siteConfig.schema.js';
import logoRoutes from './logo.js';

/** Registers the three config save calls and the logo calls. */
export default async function siteConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  for (const call of SITE_CONFIG_CALLS) {
    app.post(`/api/v1/applications/:id/${call.path}`, { bodyLimit: SITE_CONFIG_BODY_LIMIT }, async (req) => {
      const { id } = parse(idParams, req.params, 'params');
      requireUser(req);
      await getApplication(db, id);
      await requireManager(db, req, id, 'settings');
      const r = call.schema.safeParse(unwrapConfig(req.body, call.key));
      if (!r.success) throw fromZod(r.error, call.key);
      // a site's own stylesheet: from this site, or from a host the operator allows (decision 246)
      const theme = (r.data as { specificThemeUrl?: string }).specificThemeUrl;
      if (theme && !themeUrlAllowed(theme, ctx.config.themeHosts)) {
        throw new HttpError(400, 'bad_request', MSG.themeUrlHostRefused, { [`${call.key}.specificThemeUrl`]: MSG.themeUrlHostRefused });
      }
      await db
        .updateTable('applications')
        .set({ [call.column]: JSON.stringify(r.data), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      return { [call.key]: r.data, message: call.saved };
    });
  }
  await logoRoutes(app, ctx);
}
