/**
 * Bodies of the header, footer and theme save calls (spec 2 §7 'POST /api/v1/applications/{id}/
 * header-config, footer-config, theme-config: each wraps its config object'). The config schemas live
 * in common/siteConfig.ts so the console forms check the same rules.
 */
import type { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { footerConfigSchema, headerConfigSchema, themeConfigSchema } from '../../../common/siteConfig.js';

/** Largest body of a config save call, bytes: a full menu and footer fit well within it. */
export const SITE_CONFIG_BODY_LIMIT = 64 * 1024;

/** The three calls: path segment, body key, stored column, schema and the success message. */
export const SITE_CONFIG_CALLS = [
  { path: 'header-config', key: 'headerConfig', column: 'header_config', schema: headerConfigSchema, saved: MSG.headerConfigSaved },
  { path: 'footer-config', key: 'footerConfig', column: 'footer_config', schema: footerConfigSchema, saved: MSG.footerConfigSaved },
  { path: 'theme-config', key: 'themeConfig', column: 'theme_config', schema: themeConfigSchema, saved: MSG.themeConfigSaved },
] as const satisfies ReadonlyArray<{ path: string; key: string; column: string; schema: z.ZodObject; saved: string }>;
