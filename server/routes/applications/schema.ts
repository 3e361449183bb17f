/** Bodies of the application calls (spec 2 §7 'Application and account'). */
import { z } from 'zod';
import { plainText } from '../../../common/homeConfigSchema.js';
import { suggestText } from '../../../common/validation.js';
import { MSG } from '../../../common/messages.js';
import { flag } from '../../http/fields.js';
import { documentedAs } from '../../http/contract.js';
import { homeConfigAnswer } from '../../../common/contracts/revisions.js';

/** A host name (lower case, optional port), as the browser sends it in the Host header. */
export const hostSchema = z
  .string({ error: MSG.hostRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.hostRequired)
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/, MSG.hostInvalid);

const topicRef = z.coerce.number({ error: MSG.topicRequired }).int().min(1, MSG.topicRequired);

/**
 * The body as the spec sends it (spec 2 §7 'Application and account': `POST /api/v1/applications` and
 * `PUT /api/v1/applications/{id}` carry `application`): `{ application: { name, host, … } }` reads as
 * `{ name, host, … }`; a body without `application` (what the console sends) reads as it is. A field
 * given both inside and beside `application` takes the inner value (docs/decisions.md 421).
 */
export function unwrapApplication(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, 'application')) return body;
  const { application, ...rest } = body as Record<string, unknown>;
  if (application === null || typeof application !== 'object' || Array.isArray(application)) return body;
  return { ...rest, ...(application as Record<string, unknown>) };
}

const createFields = z.object({
  name: plainText(60, MSG.applicationNameRequired),
  host: hostSchema,
  topicId: topicRef.nullish(),
  topic: z.object({ id: topicRef }).nullish(),
});

/** Body of POST /api/v1/applications, wrapped in `application` or not (docs/decisions.md 421). */
export const createApplicationBody = z.preprocess(unwrapApplication, createFields);

const updateFields = z.object({
  name: plainText(60, MSG.applicationNameRequired).optional(),
  host: hostSchema.optional(),
  topicId: topicRef.nullish(),
  topic: z.object({ id: topicRef }).nullish(),
  /** 详情页需登录: 0 or 1 (true/false accepted); absent leaves it as it is */
  detailSignin: flag.optional(),
  /** 新用户需审核: 0 or 1; absent leaves it as it is (decision 660) */
  auditNewUsers: flag.optional(),
});

/**
 * Body of PUT /api/v1/applications/{id}, wrapped in `application` or not; it must name at least one
 * field it changes (name, host, topicId / topic, detailSignin, auditNewUsers), else 400 MSG.applicationNothingToSave:
 * a write that writes nothing never answers 200 (docs/decisions.md 421).
 */
export const updateApplicationBody = z.preprocess(
  unwrapApplication,
  updateFields.refine((b) => Object.values(b).some((v) => v !== undefined), MSG.applicationNothingToSave),
);

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  query: z.string().trim().max(100).optional(),
  userId: z.string().optional(),
});

export const idParams = z.object({ id: z.coerce.number({ error: MSG.applicationNotFound }).int().min(1) });

export const hostQuery = z.object({ host: hostSchema });

/**
 * Body of POST /api/v1/applications/{id}/home-config: the config, and an optional plain-text summary of
 * the change (max 200) kept with the revision (docs/decisions.md 60).
 */
export const homeConfigBody = documentedAs(
  z.object({ homeConfig: z.unknown(), summary: plainText(200).optional() }),
  // what the document and the browser's types show (decision 440); validateHomeConfig checks it
  z.object({
    homeConfig: homeConfigAnswer.describe('首页配置（页面列表；旧的单页对象形式仍被接受并转成列表）'),
    summary: plainText(200).optional().describe('修改摘要'),
  }),
);

/** GET /api/v1/applications/suggestions?query= (docs/decisions.md 296): 1-50 characters of a name or host. */
export const suggestionsQuery = z.object({ query: suggestText });

/** GET /api/v2/applications/suggestions?userId= */
export const userSuggestionsQuery = z.object({
  userId: z.coerce.number({ error: MSG.userNotFound }).int(MSG.userNotFound).min(1, MSG.userNotFound).max(2_147_483_647, MSG.userNotFound),
});
