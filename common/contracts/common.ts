/**
 * The answers of the API as zod schemas, one file per resource in common/contracts/:
 * the server's routes declare them as their `response` (server/http/contract.ts), /api/openapi.json
 * describes them, and the browser takes its types from them (`import type { Notice } from
 * '@common/contracts/content'`, erased from the bundle), so an answer's shape is written once. Import
 * their values on the server only: they load zod. This file: the shapes every resource shares.
 */
import { z } from 'zod';

/**
 * The shapes the API document lists once, in `components.schemas`, and names by `$ref` wherever a route
 * uses them (decision 438; server/http/openapi.ts): the refusal, the page envelope, the configurations.
 * A registry of its own, not zod's global one, so that nothing else picks up these ids.
 */
export const apiComponents = z.registry<{ id: string }>();

/** The refusal of every call: `{ error: { code, message, fields? } }`, message in Chinese (decision 2). */
export const errorAnswer = z
  .object({
    error: z.object({
      code: z.string().describe('机器可读的错误码，如 bad_request、not_signed_in、forbidden、not_found'),
      message: z.string().describe('给用户看的中文说明'),
      fields: z.record(z.string(), z.string()).optional().describe('出错的字段（body.x、query.x、params.x）及其说明'),
    }),
  })
  .describe('错误')
  .register(apiComponents, { id: 'ErrorAnswer' });

/** The envelope of a page of a list, without its items (spec 1 §3 'Paged result'; common/page.ts). */
export const pageEnvelope = z
  .object({
    totalElements: z.number().int().describe('符合条件的总数'),
    empty: z.boolean(),
    page: z.number().int().describe('页码，从 1 开始'),
    size: z.number().int().describe('每页条数'),
  })
  .describe('分页')
  .register(apiComponents, { id: 'PageEnvelope' });

/** A page of a list: the envelope (a `$ref` in the document) and its items. */
export const pageOf = <T extends z.ZodType>(item: T) => pageEnvelope.and(z.object({ content: z.array(item) }));

/** An answer that also carries the message the interface shows (保存成功 …). */
export const withMessage = <T extends z.ZodObject>(answer: T) => answer.extend({ message: z.string().describe('给用户看的中文提示') });

/** The answer of a deletion. */
export const deletedAnswer = <K extends string>(idName: K) =>
  z.object({ ok: z.literal(true), message: z.string().describe('给用户看的中文提示') }).extend({ [idName]: z.number().int() } as Record<K, z.ZodNumber>);

/** The answer of a call that only says it was done (验证码已发送, 已退出登录 …). */
export const okAnswer = z.object({ ok: z.literal(true), message: z.string().describe('给用户看的中文提示') });

/**
 * A resource as the lists show it (server/resources/present.ts): id, type, title and date, and beside
 * them the fields of its type (spec 1 §3 'Resource types'), which differ from type to type.
 */
export const resourceItemAnswer = z
  .looseObject({
    id: z.number().int(),
    type: z.string().describe('资源类型，如 scholar、journal、policy'),
    title: z.string(),
    date: z.string().nullable().describe('资源的日期（发表、发布等）'),
  })
  .describe('资源条目：除上述字段外，还有该资源类型的各字段');
