/**
 * Inputs of the topic routes (spec 2 §7 topics; the console's topics and their data):
 * path ids, a topic's body, the data list query (20 a page: spec 2 §9) and the bulk actions.
 */
import { z } from 'zod';
import { recordId } from '../../http/fields.js';
import { REPORT_TYPES } from '../../../common/reports.js';
import { MSG } from '../../../common/messages.js';
import { CONSOLE_PAGE_SIZE, RESOURCE_TYPES } from '../../../common/constants.js';
import { linkSchema, plainText } from '../../../common/homeConfigSchema.js';
import { wechatIdSchema } from '../../../modules/wechat_article/schema.js';

const id = recordId;

export const topicParams = z.object({ topicId: id(MSG.topicNotFound) });
export const topicResourceParams = z.object({ topicId: id(MSG.topicNotFound), resourceId: id(MSG.resourceNotFound) });

/** A topic's editable fields: title (required, ≤ 40), cover (a link or a site path), description (≤ 500). */
export const topicBody = z.object({
  title: plainText(40, MSG.topicTitleRequired),
  cover: linkSchema.nullish().transform((v) => v || null),
  description: plainText(500)
    .nullish()
    .transform((v) => v || null),
});

const typeSchema = z.enum(RESOURCE_TYPES, { error: MSG.unknownResourceType });

/** GET …/resources: a type, page (20 a page), title search, category (one or two levels), year, published, report type, WeChat account. */
export const topicResourcesQuery = z.object({
  type: typeSchema,
  page: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100_000).default(1),
  size: z.coerce.number({ error: MSG.invalidInput }).int().min(1).max(100).default(CONSOLE_PAGE_SIZE),
  query: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  subcategory: z.string().trim().max(100).optional(),
  year: z.coerce.number({ error: MSG.yearInvalid }).int(MSG.yearInvalid).min(1000, MSG.yearInvalid).max(9999, MSG.yearInvalid).optional(),
  published: z.enum(['yes', 'no'], { error: MSG.invalidInput }).optional(),
  /** reports only (/console/reports): one report type of common/reports.ts */
  reportType: z.enum(REPORT_TYPES, { error: MSG.reportTypeInvalid }).optional(),
  /**
   * WeChat articles only (/console/wechats; decision 343): the articles of one official
   * account, by its 公众号 ID (the article's `wechatId` field)
   */
  account: wechatIdSchema.optional(),
  /** one resource by its id (the report editor's own address, /console/reports/{id}/edit) */
  id: z.coerce
    .number({ error: MSG.invalidInput })
    .int(MSG.invalidInput)
    .min(1, MSG.invalidInput)
    .max(2 ** 31 - 1, MSG.invalidInput)
    .optional(),
});

/**
 * POST …/resources: the envelope of a new record of any type: the
 * type, whether it is published (default yes), and the topic's category it is filed under (one or two
 * levels, made when missing); the rest (title, date, fields) is checked against the type's schema of
 * common/resourceFields.ts, as the console form checks it.
 */
export const topicResourceCreateEnvelope = z
  .looseObject({
    type: typeSchema,
    published: z.boolean({ error: MSG.invalidInput }).optional(),
    category: plainText(60)
      .nullish()
      .transform((v) => v || null),
    subcategory: plainText(60)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((b) => !b.subcategory || b.category, { message: MSG.categoryRequired, path: ['category'] });

/** POST …/resources/bulk: one action over up to 500 resources of the topic. */
export const bulkBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('delete'), ids: z.array(id(MSG.resourceNotFound)).min(1, MSG.bulkNoneChosen).max(500, MSG.bulkTooMany) }),
    z.object({ action: z.enum(['publish', 'withdraw']), ids: z.array(id(MSG.resourceNotFound)).min(1, MSG.bulkNoneChosen).max(500, MSG.bulkTooMany) }),
    z.object({
      action: z.literal('categorise'),
      ids: z.array(id(MSG.resourceNotFound)).min(1, MSG.bulkNoneChosen).max(500, MSG.bulkTooMany),
      category: plainText(60, MSG.categoryRequired),
      subcategory: plainText(60)
        .nullish()
        .transform((v) => v || null),
    }),
  ],
  { error: MSG.bulkActionUnknown },
);
export type BulkBody = z.infer<typeof bulkBody>;

/**
 * PUT …/categories: one change of a topic's two-level category tree: rename a category,
 * merge one into another of the same level, or move a second-level category under another first-level
 * one. A path is `[first]` or `[first, second]`. A move's `types` names the resource types whose
 * records move (decision 540): absent, the move is refused when records of more than one type are
 * filed under the category; when they are not all of those types, the category is split.
 */
const categoryPath = z.array(plainText(60, MSG.categoryRequired)).min(1, MSG.categoryRequired).max(2, MSG.categoryRequired);
export const categoryChange = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('rename'), path: categoryPath, to: plainText(60, MSG.categoryRequired) }),
    z.object({ op: z.literal('merge'), path: categoryPath, into: categoryPath }),
    z.object({
      op: z.literal('move'),
      path: categoryPath,
      under: plainText(60, MSG.categoryRequired),
      types: z
        .array(typeSchema)
        .min(1, MSG.unknownResourceType)
        .max(RESOURCE_TYPES.length, MSG.unknownResourceType)
        .transform((t) => [...new Set(t)])
        .optional()
        .describe('移动哪些类型的资源；省略时分类下只能有一种类型的资源'),
    }),
  ],
  { error: MSG.categoryChangeUnknown },
);
export type CategoryChange = z.infer<typeof categoryChange>;

/** GET …/categories/usage: a category of the tree, `category` (first level) and optionally `subcategory` (second). */
export const categoryUsageQuery = z.object({
  category: plainText(60, MSG.categoryRequired),
  subcategory: plainText(60)
    .optional()
    .transform((v) => v || undefined),
});
