/**
 * The zod schemas of the module common fields and the home config (spec 1 §3 'Module (panel) common
 * fields', 'Application config'), used by the server's validation and the console's forms; type
 * schemas in `modules/<type>/schema.ts` extend `moduleBase`. Kept apart from `homeConfig.ts` (its
 * types and pure helpers) so that the visitor's pages do not load zod (decision 250).
 */
import { z } from 'zod';
import { MODULE_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { isSiteLink } from './safePath.js';

/** Text shown as plain text (titles, names): markup is refused rather than stored (docs/decisions.md). */
export const plainText = (max: number, requiredMessage?: string) => {
  const base = z.string({ error: requiredMessage ?? MSG.invalidInput }).trim();
  return (requiredMessage ? base.min(1, requiredMessage) : base)
    .max(max, `不能超过 ${max} 个字`)
    .refine((s) => !/<\s*\/?\s*[a-zA-Z!]/.test(s), { message: MSG.noMarkup });
};

/** A link a panel may point to: an http(s) URL or a path on this site. */
export const linkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || isSiteLink(s), { message: MSG.linkInvalid });

export const categoryOption: z.ZodType<{ label: string; value: string; children?: { label: string; value: string }[] }> = z.object({
  label: z.string(),
  value: z.string(),
  children: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});

/** Fields every module has; type schemas extend it. Unknown extra fields are kept (looseObject). */
export const moduleBase = z.looseObject({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, MSG.invalidInput),
  type: z.enum(MODULE_TYPES, { error: MSG.unknownModuleType }),
  alias: plainText(60, MSG.moduleTitleRequired),
  description: plainText(500).optional(),
  span: z.number({ error: '请选择宽度' }).int().min(0).max(5),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number().min(0).max(10000), z.literal('auto')]).optional(),
  divWidth: z.number().int(MSG.divWidthRange).min(1, MSG.divWidthRange).max(100, MSG.divWidthRange).nullish(),
  mode: z.enum(['default', 'noHeader', 'fullScreen']).optional(),
  isTop: z.boolean().optional(),
  groupId: z
    .string()
    .max(80)
    .regex(/^group-[\w-]+$/)
    .nullish(),
  backgroundColor: z.enum(['white', 'grey']).optional(),
  oauthBeforeRedirect: z.boolean().optional(),
  specificLink: linkSchema.nullish(),
  specificCover: linkSchema.nullish(),
  specificData: z
    .array(z.union([z.string(), z.number()]))
    .max(200)
    .optional(),
  specificDataObject: z.array(z.looseObject({})).max(200).optional(),
  specificDataMap: z.record(z.string(), z.unknown()).optional(),
  hideMoreButton: z.boolean().optional(),
  titleSkip: z.boolean().optional(),
  dataSize: z.number().int().min(0).max(100).nullish(),
  columnSize: z.number().int().min(0).max(12).nullish(),
  column: z.number().int().min(0).max(2).optional(),
  direction: z.enum(['horizontal', 'vertical']).optional(),
  horizontalAutoScroll: z.boolean().optional(),
  hideText: z.boolean().optional(),
  fontWeightBold: z.boolean().optional(),
  letterSort: z.boolean().optional(),
  showPublishTime: z.boolean().optional(),
  simpleDateFormat: z.boolean().optional(),
  showManual: z.boolean().optional(),
  showRecommendation: z.boolean().optional(),
  redirectToExplore: z.boolean().optional(),
  /** category path: [levelOne] or [levelOne, levelTwo] */
  category: z.array(z.string().max(100)).max(2).optional(),
  dataType: z.array(z.string().max(40)).max(10).optional(),
  dataDisplayType: z.enum(['plain', 'rich', 'image']).optional(),
  displayType: z
    .array(z.enum(['carousel', 'data']))
    .max(2)
    .optional(),
  carouselCount: z.number().int(MSG.carouselCountRange).min(1, MSG.carouselCountRange).max(10, MSG.carouselCountRange).optional(),
  /**
   * 仅登录可见 (docs/decisions.md 210): left out of what the server serves to visitors and to users whose
   * role lacks the right `panels`; managers of the application and super managers always see it.
   */
  loginOnly: z.boolean().optional(),
  /** version of the stored config of this type (migrations in the type's definition) */
  version: z.number().int().min(1).optional(),
});

export const pageStyle = z.enum(['card', 'line', 'fullScreen']);

export const pageEntry = z.object({
  page: z.string().trim().min(1).max(60).default('home'),
  template: z.array(z.looseObject({})).max(200),
  style: pageStyle.default('card'),
  groups: z.record(z.string(), z.looseObject({})).default({}),
});
