/**
 * The site's header, footer and theme (spec 1 §3 'Application config'; spec 2 §7 'Application and
 * account'): POST /api/v1/applications/{id}/header-config, footer-config and theme-config, each taking
 * `{ headerConfig }` (etc.) or the bare config object (docs/decisions.md 50), checked against the strict
 * schemas of common/siteConfig.ts and answering the saved config as GET .../config reads it back. The
 * logo calls are in ./logo.ts. Managers of the application holding `settings` and super managers only.
 * Declared contracts: the access and the answers are in each route's options; the body is
 * checked here (it may be wrapped or bare, and its refusals name the fields `headerConfig.x` …, as
 * before; decision 338).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { declared, documentedAs } from '../../http/contract.js';
import { fromZod, HttpError } from '../../http/errors.js';
import { managerAccess } from '../../policies/access.js';
import { applicationInPath } from '../../policies/applications.js';
import { MSG } from '../../../common/messages.js';
import { themeUrlAllowed } from '../../../common/safePath.js';
import { unwrapConfig } from '../../../common/siteConfig.js';
import { footerConfigSavedAnswer, headerConfigSavedAnswer, themeConfigSavedAnswer } from '../../../common/contracts/applications.js';
import { idParams } from './schema.js';
import { saveSiteConfig } from './service.js';
import { SITE_CONFIG_BODY_LIMIT, SITE_CONFIG_CALLS } from './siteConfig.schema.js';
import logoRoutes from './logo.js';

const tags = ['应用'];

/** The body as documented: the config wrapped in its key, or the bare config; checked by the handler. */
const configBody = (call: (typeof SITE_CONFIG_CALLS)[number]) =>
  documentedAs(
    z.unknown(),
    // the document (and the browser's types) show the configuration itself (decision 440)
    z.union([z.object({ [call.key]: call.schema }), call.schema]).describe(`{ ${call.key}: {…} }，或直接传配置对象`),
  );

/** Registers the three config save calls and the logo calls. */
export default async function siteConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = declared(app);
  const [header, footer, theme] = SITE_CONFIG_CALLS;

  /** Checks the body of `call` (400 with fields under its key) and stores it; returns the saved config. */
  const save = async <C extends (typeof SITE_CONFIG_CALLS)[number]>(call: C, id: number, body: unknown): Promise<z.output<C['schema']>> => {
    const parsed = call.schema.safeParse(unwrapConfig(body, call.key));
    if (!parsed.success) throw fromZod(parsed.error, call.key);
    // a site's own stylesheet: from this site, or from a host the operator allows (decision 246)
    const themeUrl = (parsed.data as { specificThemeUrl?: string }).specificThemeUrl;
    if (themeUrl && !themeUrlAllowed(themeUrl, ctx.config.themeHosts)) {
      throw new HttpError(400, 'bad_request', MSG.themeUrlHostRefused, { [`${call.key}.specificThemeUrl`]: MSG.themeUrlHostRefused });
    }
    await saveSiteConfig(db, id, call.column, parsed.data);
    return parsed.data as z.output<C['schema']>;
  };
  const options = <A extends z.ZodType>(call: (typeof SITE_CONFIG_CALLS)[number], summary: string, answer: A) => ({
    bodyLimit: SITE_CONFIG_BODY_LIMIT,
    schema: { summary, tags, params: idParams, body: configBody(call), response: { 200: answer } },
    config: { access: managerAccess(applicationInPath, 'settings') },
  });

  r.post(`/api/v1/applications/:id/${header.path}`, options(header, '保存页头（菜单与样式）', headerConfigSavedAnswer), async (req) => ({
    headerConfig: await save(header, req.params.id, req.body),
    message: header.saved,
  }));
  r.post(`/api/v1/applications/:id/${footer.path}`, options(footer, '保存页脚', footerConfigSavedAnswer), async (req) => ({
    footerConfig: await save(footer, req.params.id, req.body),
    message: footer.saved,
  }));
  r.post(`/api/v1/applications/:id/${theme.path}`, options(theme, '保存主题', themeConfigSavedAnswer), async (req) => ({
    themeConfig: await save(theme, req.params.id, req.body),
    message: theme.saved,
  }));
  await logoRoutes(app, ctx);
}
