/**
 * Answer of the citation export (decisions 270-273, 282; server/routes/citations): not JSON
 * but a text file in one of three formats, described for the API document by its content types.
 */
import { z } from 'zod';

/** The content types of the formats (server/citations/render.ts CITATION_FILE; all UTF-8). */
export const CITATION_CONTENT_TYPES = ['application/x-bibtex', 'application/x-research-info-systems', 'text/plain'] as const;

const text = z.string().describe('引文文本（UTF-8）');

/**
 * The 200 answer: `application/x-bibtex` (BibTeX), `application/x-research-info-systems` (RIS) or
 * `text/plain` (GB/T 7714-2015), sent as an attachment (inline with disposition=inline).
 */
export const citationFileAnswer = {
  description: '引文文件：BibTeX、RIS 或 GB/T 7714-2015 文本，作为附件下载（disposition=inline 时由浏览器直接显示）',
  content: Object.fromEntries(CITATION_CONTENT_TYPES.map((t) => [t, { schema: text }])) as Record<
    (typeof CITATION_CONTENT_TYPES)[number],
    { schema: typeof text }
  >,
};
