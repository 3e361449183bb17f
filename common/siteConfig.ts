/**
 * The site's header, footer and theme (spec 1 §3 'Application config': headerConfig, footerConfig,
 * themeConfig; spec 2 §7 'header-config, footer-config, theme-config: each wraps its config object').
 * Strict zod schemas shared by the server (the save calls refuse anything else with a Chinese message)
 * and the console forms. Pure: no React, no Node.
 */
import { isSiteLink } from './safePath.js';
import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR } from './constants.js';
import { plainText } from './homeConfigSchema.js';
import { MSG } from './messages.js';

/** Top-level header menu entries at most (docs/decisions.md 50). */
export const MENU_MAX_ITEMS = 12;
/** Sub menu entries under one menu entry at most. */
export const SUB_MENU_MAX_ITEMS = 12;
/** Friend links in the footer at most. */
export const FRIEND_LINKS_MAX = 30;
/** Longest menu title, characters. */
export const MENU_TITLE_MAX = 20;

/** A CSS colour as #rgb or #rrggbb, stored in lower case. */
export const COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
export const colorSchema = z
  .string({ error: MSG.colorInvalid })
  .trim()
  .regex(COLOR_PATTERN, MSG.colorInvalid)
  // lower case as a string step, not a transform, so that the API document can still say it is a string
  .toLowerCase();
/** A colour or '' (not set). */
export const optionalColorSchema = z
  .string({ error: MSG.colorInvalid })
  .trim()
  .refine((s) => s === '' || COLOR_PATTERN.test(s), { message: MSG.colorInvalid })
  .toLowerCase();

/**
 * An address a visitor may follow: http(s) or a path on this site (`/...`, not `//host`). Anything
 * else (javascript:, data:, vbscript:, `/\\host`, relative words) is refused with MSG.siteLinkInvalid
 * (common/safePath.ts, the one check).
 */
const link = (requiredMessage?: string) => {
  const base = z
    .string({ error: requiredMessage ?? MSG.siteLinkInvalid })
    .trim()
    .max(2000, '地址不能超过 2000 个字符');
  const withRequired = requiredMessage ? base.min(1, requiredMessage) : base;
  return withRequired.refine((s) => s === '' || isSiteLink(s), { message: MSG.siteLinkInvalid });
};

/** Kinds of header menu entry besides a plain address (no kind): a 微应用 opened in the site frame (decision 644). */
export const MENU_KINDS = ['microapp'] as const;

/** An origin as `scheme://host[:port]` (http or https), stored in lower case without a trailing slash. */
export const microappOriginSchema = z
  .string({ error: MSG.microappOriginRequired })
  .trim()
  .max(300, MSG.microappOriginInvalid)
  // a string step, not a transform, so that the API document still says it is a string
  .overwrite((s) => s.replace(/\/$/, '').toLowerCase())
  .refine((s) => microappOriginOf(s) === s, { message: MSG.microappOriginInvalid });

/** The origin of an http(s) address (`https://host[:port]`, lower case), or null for anything else. */
export function microappOriginOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a 微应用 entry may be framed: its address is http(s) and its origin is the allowed one
 * (decision 645). The editor, the save call and the page ask the same question.
 */
export function microappAllowed(entry: { url?: string; origin?: string }): boolean {
  const o = microappOriginOf(entry.url ?? '');
  return !!o && !!entry.origin && o === entry.origin.replace(/\/$/, '').toLowerCase();
}

/** The site's 微应用 entries (top-level menu entries of kind microapp with an id). */
export function microappEntries(menu: readonly MenuItem[] | undefined): MenuItem[] {
  return (menu ?? []).filter((m) => m.kind === 'microapp' && !!m.id);
}

/** A sub menu entry: title and address (depth 2 ends here: a sub entry has no children). */
export const subMenuItemSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[\w-]{1,40}$/, MSG.invalidInput)
    .optional(),
  title: plainText(MENU_TITLE_MAX, MSG.menuTitleRequired),
  url: link(MSG.menuUrlRequired),
});

/**
 * A header menu entry: title, address and optional sub menu. An entry with a sub menu may leave its
 * own address empty (it then only opens the sub menu); one without must have an address.
 */
export const menuItemSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[\w-]{1,40}$/, MSG.invalidInput)
      .optional(),
    title: plainText(MENU_TITLE_MAX, MSG.menuTitleRequired),
    url: link().default(''),
    children: z.array(subMenuItemSchema, { error: MSG.invalidInput }).max(SUB_MENU_MAX_ITEMS, MSG.subMenuTooMany).optional(),
    /** 微应用: the entry opens its `url` at /container/{id} in the site frame (decision 644) */
    kind: z.enum(MENU_KINDS, { error: MSG.invalidInput }).optional(),
    /** the micro-app's allowed origin (`https://host[:port]`), the only one its page may frame */
    origin: microappOriginSchema.optional(),
  })
  .superRefine((item, ctx) => {
    if (!item.url && !item.children?.length) ctx.addIssue({ code: 'custom', path: ['url'], message: MSG.menuUrlRequired });
    if (item.kind !== 'microapp') return;
    if (!item.id) ctx.addIssue({ code: 'custom', path: ['id'], message: MSG.invalidInput });
    if (!/^https?:\/\//i.test(item.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: MSG.microappUrlInvalid });
    if (!item.origin) ctx.addIssue({ code: 'custom', path: ['origin'], message: MSG.microappOriginRequired });
    if (item.children?.length) ctx.addIssue({ code: 'custom', path: ['children'], message: MSG.microappNoChildren });
  });

export type SubMenuItem = z.infer<typeof subMenuItemSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Header themes: a white top bar (`light`) or one in the primary colour (`dark`); decision 51. */
export const HEADER_THEMES = ['light', 'dark'] as const;

/** headerConfig (spec 1 §3). Unknown keys are refused. */
export const headerConfigSchema = z
  .strictObject({
    menu: z.array(menuItemSchema, { error: MSG.invalidInput }).max(MENU_MAX_ITEMS, MSG.menuTooMany).default([]),
    /** sub menus open as dropdowns; off shows the top-level entries only (decision 51) */
    headerSubMenu: z.boolean({ error: MSG.invalidInput }).default(true),
    style: z
      .strictObject({
        transparentMenu: z.boolean({ error: MSG.invalidInput }).default(false),
        transparentMenuFontColor: optionalColorSchema.default(''),
      })
      .default({ transparentMenu: false, transparentMenuFontColor: '' }),
    theme: z.enum(HEADER_THEMES, { error: MSG.headerThemeInvalid }).default('light'),
    /** a stylesheet of the site's own, loaded after ours (decision 51) */
    specificThemeUrl: link().default(''),
    hideHome: z.boolean({ error: MSG.invalidInput }).default(false),
  })
  // checked on save, not on read (readStored keeps a stored menu whole; the page refuses the entry itself)
  .superRefine((cfg, ctx) => {
    cfg.menu.forEach((m, i) => {
      if (m.kind === 'microapp' && m.origin && /^https?:\/\//i.test(m.url) && !microappAllowed(m)) {
        ctx.addIssue({ code: 'custom', path: ['menu', i, 'url'], message: MSG.microappOriginMismatch });
      }
    });
    const ids = microappEntries(cfg.menu).map((m) => m.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['menu'], message: MSG.microappDuplicateId });
  });
export type HeaderConfig = z.infer<typeof headerConfigSchema>;

/**
 * A QR code or app entry of the footer: `image` (the QR code picture) and/or `url` (where it leads, e.g.
 * an app's download page). A bare string is taken as the image (decision 52).
 */
export const footerMediaSchema = z.preprocess(
  (v) => (typeof v === 'string' ? { image: v } : v),
  z.strictObject({ image: link().default(''), url: link().default('') }, { error: MSG.invalidInput }),
);
export type FooterMedia = z.infer<typeof footerMediaSchema>;

export { FOOTER_MEDIA_KEYS, type FooterMediaKey } from './constants.js';

export const friendLinkSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[\w-]{1,40}$/, MSG.invalidInput)
    .optional(),
  title: plainText(30, MSG.friendLinkTitleRequired),
  url: link(MSG.friendLinkUrlRequired),
});
export type FriendLink = z.infer<typeof friendLinkSchema>;

const optionalText = (max: number) => plainText(max).default('');

/**
 * footerConfig (spec 1 §3), plus the address, phone and e-mail lines the footer shows, and the opening
 * hours the contact page `/temp/contact` shows with them (decision 570).
 */
export const footerConfigSchema = z.strictObject({
  copyright: optionalText(200),
  icpNumber: optionalText(60),
  recordNumber: optionalText(60),
  friendLinks: z.array(friendLinkSchema, { error: MSG.invalidInput }).max(FRIEND_LINKS_MAX, MSG.friendLinksTooMany).default([]),
  serviceAccount: footerMediaSchema.optional(),
  subscriptionAccount: footerMediaSchema.optional(),
  miniProgram: footerMediaSchema.optional(),
  iosApp: footerMediaSchema.optional(),
  androidApp: footerMediaSchema.optional(),
  address: optionalText(200),
  phone: optionalText(60),
  mail: optionalText(100),
  hours: optionalText(200),
});
export type FooterConfig = z.infer<typeof footerConfigSchema>;

/** themeConfig (spec 1 §3): the primary colour, default #06f (spec 2 §9). */
export const themeConfigSchema = z.strictObject({
  primaryColor: colorSchema.default(DEFAULT_PRIMARY_COLOR),
});
export type ThemeConfig = z.infer<typeof themeConfigSchema>;

/**
 * The config object of a save call body: `{ [key]: config }` (spec 2 §7 'each wraps its config
 * object') or the bare config object (decision 50). Anything else is returned as is for the schema to
 * refuse.
 */
export function unwrapConfig(body: unknown, key: 'headerConfig' | 'footerConfig' | 'themeConfig'): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && Object.prototype.hasOwnProperty.call(body, key)) {
    return (body as Record<string, unknown>)[key];
  }
  return body;
}

/**
 * A stored config as the site reads it: the schema's form when the stored JSON passes (defaults filled
 * in); otherwise field by field, each field kept when it passes and its default when not. An old or
 * hand-edited row never breaks the site nor brings an unsafe address back, and the save call answers
 * exactly what a later read answers.
 */
export function readStored<S extends z.ZodObject>(schema: S, stored: unknown): z.infer<S> {
  const r = schema.safeParse(stored ?? {});
  if (r.success) return r.data;
  const out = schema.parse({}) as Record<string, unknown>;
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const shape: Record<string, z.ZodType> = schema.shape;
    for (const [key, field] of Object.entries(shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const f = field.safeParse(value);
      if (f.success) out[key] = f.data;
    }
  }
  return out as z.infer<S>;
}
