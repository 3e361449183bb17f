/**
 * The zod schema of every registered module type's stored config (docs/architecture.md §The module registry), for
 * the server's validation and the console's forms. Apart from the definitions (modules/registry.ts) so
 * that the visitor's pages, which need the definitions, load no zod (decision 250). A type
 * without a schema does not compile.
 */
import type { z } from 'zod';
import type { ModuleConfig } from '../common/homeConfig.js';
import type { RegisteredType } from './types.js';
import { activitySchema } from './activity/schema.js';
import { bookSchema } from './book/schema.js';
import { bulletinSchema } from './bulletin/schema.js';
import { carouselSchema } from './carousel/schema.js';
import { flexSchema } from './flex/schema.js';
import { fruitSchema } from './fruit/schema.js';
import { iframeSchema } from './iframe/schema.js';
import { institutionSchema } from './institution/schema.js';
import { jobSchema } from './job/schema.js';
import { journalSchema } from './journal/schema.js';
import { linkModuleSchema } from './link/schema.js';
import { newsSchema } from './news/schema.js';
import { noticeSchema } from './notice/schema.js';
import { policySchema } from './policy/schema.js';
import { resourceSchema } from './resource/schema.js';
import { scholarSchema } from './scholar/schema.js';
import { sciencedataSchema } from './sciencedata/schema.js';
import { standardSchema } from './standard/schema.js';
import { toolSchema } from './tool/schema.js';
import { wechatArticleSchema } from './wechat_article/schema.js';
import { xmoduleSchema } from './xmodule/schema.js';

export const moduleSchemas: { [T in RegisteredType]: z.ZodType<ModuleConfig> } = {
  news: newsSchema,
  notice: noticeSchema,
  link: linkModuleSchema,
  scholar: scholarSchema,
  institution: institutionSchema,
  journal: journalSchema,
  activity: activitySchema,
  fruit: fruitSchema,
  carousel: carouselSchema,
  policy: policySchema,
  standard: standardSchema,
  book: bookSchema,
  sciencedata: sciencedataSchema,
  resource: resourceSchema,
  tool: toolSchema,
  wechat_article: wechatArticleSchema,
  job: jobSchema,
  bulletin: bulletinSchema,
  iframe: iframeSchema,
  xmodule: xmoduleSchema,
  flex: flexSchema,
};

/** The schema of a type's stored config, or undefined for a type that is not registered. */
export function schemaOf(type: string): z.ZodType<ModuleConfig> | undefined {
  return (moduleSchemas as Record<string, z.ZodType<ModuleConfig>>)[type];
}
