/** Query bodies of the panel reads (spec 2 §7 'Content'). */
import { z } from 'zod';
import { BULLETIN_TYPES } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { suggestText } from '../../../common/validation.js';
import { TOP_KINDS } from '../../../modules/types.js';

const id = z.coerce.number().int().min(1);

export const topBody = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(100).default(8),
  topicId: id.nullish(),
  topicName: z.string().max(100).nullish(),
  categoryLevelOne: z.string().max(100).nullish(),
  categoryLevelTwo: z.string().max(100).nullish(),
});

export const appItemsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(100).default(8),
  applicationId: id,
  moduleId: z.string().max(64).optional(),
  orderByPublish: z.string().optional(),
  orderField: z.string().optional(),
});

/**
 * Repeated query keys arrive as an array, a single one as a string (spec 2 §7 'Array query parameters');
 * absent, the value is undefined, and the OpenAPI document says the parameter is optional.
 */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]), z.array(item).max(10)).optional();

/** GET /api/v1/modules/top-wechat-article: page, pageSize, wechatId (repeatable: the wechat page reads all the site's accounts at once, decision 113). */
const wechatIdItem = z
  .string({ error: MSG.wechatIdQueryRequired })
  .trim()
  .min(1, MSG.wechatIdQueryRequired)
  .max(64)
  .regex(/^[\w-]+$/, MSG.wechatIdInvalid);
export const wechatArticleQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(8),
  wechatId: z.preprocess(
    (v) => (v == null ? undefined : Array.isArray(v) ? v : [v]),
    z.array(wechatIdItem, { error: MSG.wechatIdQueryRequired }).min(1, MSG.wechatIdQueryRequired).max(20),
  ),
});

/** GET /api/v1/modules/top-job: topicId, pageSize; page (1-based, default 1) for the jobs page (decision 112). */
export const jobQuery = z.object({
  topicId: id.optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(4),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/v1/modules/top-bulletin: topicId, type (repeated; 快报, 研究报告, 快讯), size (default 20), offset (default 0, the bulletin page). */
export const bulletinQuery = z.object({
  topicId: id.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  type: repeated(z.enum(BULLETIN_TYPES, { error: MSG.bulletinTypeInvalid })),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

const readKey = z.string().max(64);
const readCount = z.coerce.number().int().min(1).max(100);
const label = z.string().max(100);

/** One panel read (modules/types.ts `PanelRead`), as the browser sends it to GET /api/v1/modules/panel-read. */
export const panelReadSchema = z.discriminatedUnion(
  'source',
  [
    z.object({
      key: readKey,
      source: z.literal('top'),
      kind: z.enum(TOP_KINDS),
      count: readCount,
      categoryLevelOne: label.optional(),
      categoryLevelTwo: label.optional(),
    }),
    z.object({ key: readKey, source: z.literal('notice'), count: readCount, moduleId: z.string().max(64) }),
    z.object({ key: readKey, source: z.literal('link'), count: readCount, moduleId: z.string().max(64) }),
    z.object({ key: readKey, source: z.literal('tool'), count: readCount, ids: z.array(z.union([z.string().max(20), z.number().int()])).max(50) }),
    z.object({ key: readKey, source: z.literal('wechat_article'), count: readCount, wechatId: wechatIdItem }),
    z.object({ key: readKey, source: z.literal('job'), count: readCount }),
    z.object({
      key: readKey,
      source: z.literal('bulletin'),
      count: readCount,
      types: z.array(z.enum(BULLETIN_TYPES, { error: MSG.bulletinTypeInvalid })).max(10),
    }),
  ],
  { error: MSG.panelReadInvalid },
);

/** GET /api/v1/modules/panel-read?applicationId=&read=<the read as JSON> (docs/decisions.md 241). */
export const panelReadQuery = z.object({
  applicationId: id,
  read: z
    .string({ error: MSG.panelReadInvalid })
    .max(4000)
    .transform((s, c) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        c.addIssue({ code: 'custom', message: MSG.panelReadInvalid });
        return z.NEVER;
      }
    })
    .pipe(panelReadSchema),
});

/** GET /api/v1/modules/top-scholar/suggestions?q= (decision 296) */
export const scholarSuggestQuery = z.object({ q: suggestText });

/**
 * The body of POST /api/v3|v4/modules/top-{kind} as declared: topBody's fields with `count` left
 * without its default (the v4 journal read counts 51 when none is given, decision 152; the handler
 * applies the defaults); an absent body reads with every default.
 */
export const topRequestBody = topBody.extend({ count: z.coerce.number().int().min(1).max(100).optional() }).optional();

/** The `{kind}` of a top read (an unknown kind answers 404 in the handler, as an unknown route). */
export const topKindParams = z.object({ kind: z.string().max(64) });
