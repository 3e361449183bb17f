/**
 * Answers of the custom component catalogue calls (spec 1 §3 'Custom component catalogue entry';
 * server/routes/xmodules). The rules that check a written entry are `catalogueEntrySchema` of
 * modules/xmodule/catalogue.ts (which common/ cannot import); these schemas describe what is answered,
 * and the server's `CatalogueEntry` (that file) must fit them (the routes do not compile otherwise).
 */
import { z } from 'zod';

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A component parameter (spec 1 §5 'each custom param may bring its own rule'). */
const paramAnswer = z.object({
  field: z.string().describe('参数字段名'),
  name: z.string().describe('参数名称'),
  type: z.enum(['input', 'number', 'select', 'switch', 'radio']).describe('控件类型'),
  rule: z
    .object({
      required: z.boolean().optional(),
      min: z.number().optional().describe('数字的最小值，或文本的最短长度'),
      max: z.number().optional().describe('数字的最大值，或文本的最大长度'),
      pattern: z.string().optional().describe('文本须匹配的正则表达式'),
      message: z.string().optional().describe('不符合规则时的提示'),
    })
    .optional(),
  defaultValue: scalar.nullish(),
  options: z
    .array(z.object({ label: z.string(), value: scalar }))
    .optional()
    .describe('下拉、单选的固定选项'),
  optionsUrl: z.string().optional().describe('异步选项的站内 GET 地址，回答 [{ label, value }]'),
  tips: z.string().optional(),
  isShow: z
    .union([
      z.object({ field: z.string(), equals: scalar }),
      z.object({ field: z.string(), notEquals: scalar }),
      z.object({ field: z.string(), in: z.array(scalar) }),
    ])
    .optional()
    .describe('显示条件：另一参数的取值'),
  attrs: z
    .object({
      placeholder: z.string().optional(),
      maxLength: z.number().int().optional(),
      rows: z.number().int().optional(),
      step: z.number().optional(),
      precision: z.number().int().optional(),
      allowClear: z.boolean().optional(),
    })
    .optional()
    .describe('控件属性'),
});

/** A catalogue entry as the API answers it. */
export const catalogueEntryAnswer = z.object({
  id: z.number().int(),
  moduleName: z.string().describe('组件标识，对应内置渲染器，如 search-box'),
  type: z.string().describe('组件类型（变体），如 default'),
  group: z.string().describe('分组'),
  name: z.string().describe('组件名称'),
  alias: z.string().describe('默认标题'),
  more: z.string().optional().describe('默认的「更多」链接'),
  isNeedLogin: z.boolean().describe('是否需要登录才能使用'),
  params: z.array(paramAnswer).describe('组件参数及其规则'),
  value: z.string().describe('在模块中的取值：moduleName-type'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A select option (the search-box component's 检索范围, loaded by its optionsUrl). */
export const optionAnswer = z.object({ label: z.string(), value: z.string() });

/** The answer of a deletion: the catalogue's own, without the id. */
export const xmoduleDeletedAnswer = z.object({ ok: z.literal(true), message: z.string().describe('给用户看的中文提示') });
