/** Answers of the search and the resource detail read (server/routes/search). */
import { z } from 'zod';
import { pageOf } from './common.js';

/** A resource as a listing item (spec 1 §3 'Listing items'): its own fields plus id, type, title and date. */
export const resourceItemAnswer = z
  .looseObject({
    id: z.number().int(),
    type: z.string().describe('资源类型，如 article、scholar'),
    title: z.string(),
    date: z.string().nullable().describe('日期（发布、出版等）'),
  })
  .describe('资源：除 id、type、title、date 外，还有该类型的各字段（作者、机构、关键词……）');
export type ResourceItem = z.infer<typeof resourceItemAnswer>;

const facet = z.object({ value: z.string(), count: z.number().int().describe('命中条数') });
export type Facet = z.infer<typeof facet>;

/** A first-level category with its second-level ones. */
const categoryFacet = facet.extend({ children: z.array(facet).describe('二级分类') });
export type CategoryFacet = z.infer<typeof categoryFacet>;

/** A page of results with the facets of the search (decisions 261, 263). */
export const searchResultAnswer = pageOf(resourceItemAnswer).and(
  z.object({
    capped: z.boolean().describe('命中超过上限（2000）时为 true，此时 totalElements 即上限'),
    facets: z.object({
      type: z.array(facet).describe('按资源类型的命中数（不受 type 筛选影响）'),
      category: z.array(categoryFacet).describe('选定类型后：该类型的分类树'),
      fields: z.record(z.string(), z.array(facet)).describe('选定类型后：该类型的字段分面，按分面键'),
      exact: z.boolean().describe('false：分类与字段分面的计数取自前 2000 条，为下限'),
      typesExact: z.boolean().describe('false：类型分面的计数为下限'),
    }),
  }),
);
export type SearchResult = z.infer<typeof searchResultAnswer>;

/** The advanced search's answer (issue 31 §2, decision 680): the search's page and facets, and the years of the matches. */
export const advancedResultAnswer = searchResultAnswer.and(
  z.object({
    years: z.array(facet).describe('命中记录按年份的条数，年份升序（年度分布图）'),
  }),
);
export type AdvancedResult = z.infer<typeof advancedResultAnswer>;

const counted = z.object({ value: z.string(), count: z.number().int().describe('记录数') });
const network = z.object({
  nodes: z.array(counted).describe('频次最高的前 100 个节点'),
  edges: z.array(z.object({ source: z.string(), target: z.string(), weight: z.number().int().describe('共同出现的记录数') })),
});

/** The literature analysis of a search (issue 31 §1, decision 710): ready, or still computing in the background. */
export const literatureAnswer = z.object({
  status: z.enum(['ready', 'pending']).describe('pending：结果集较大，正在后台计算，稍后再取'),
  result: z
    .object({
      total: z.number().int().describe('分析的记录数'),
      capped: z.boolean().describe('命中超过分析上限（200000）时为 true'),
      years: z.array(counted).describe('按年份的发文量，年份升序'),
      authors: z.array(counted).describe('前 20 位作者'),
      institutions: z.array(counted).describe('前 20 个机构'),
      journals: z.array(counted).describe('前 20 种期刊'),
      keywords: z.array(counted).describe('前 20 个关键词'),
      keywordNetwork: network.describe('关键词共现网络'),
      authorNetwork: network.describe('作者合作网络'),
    })
    .nullable(),
});
export type LiteratureAnswer = z.infer<typeof literatureAnswer>;
