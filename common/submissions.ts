/**
 * The words of the submission review queues of issue 29 §6 (docs/decisions.md 610-619), shared by the
 * server (server/submissions) and the reader's pages (app/pages/submissions). No React, no Node APIs.
 */
import type { ResourceType } from './constants.js';

/** How a reader gives a recommended resource (kind `resource_verify`). */
export const RECOMMEND_MODES = ['url', 'record', 'citation'] as const;
export type RecommendMode = (typeof RECOMMEND_MODES)[number];
export const RECOMMEND_MODE_LABELS: Record<RecommendMode, string> = { url: '链接', record: '资源记录', citation: 'BibTeX / RIS 条目' };

/**
 * The catalogue types a reader may recommend as a record with its fields (decision 611): the console's
 * types whose fields are plain text, links and dates (no uploaded file, no staff-only switch).
 */
export const RECOMMEND_RECORD_TYPES = ['book', 'policy', 'standard', 'patent', 'sciencedata', 'news'] as const satisfies readonly ResourceType[];
export type RecommendRecordType = (typeof RECOMMEND_RECORD_TYPES)[number];

/** The resource type a recommended link is stored as (资源: a title, an address and a summary). */
export const RECOMMEND_LINK_TYPE: ResourceType = 'resource';

/** The citation formats read with the import code (server/import/citations.ts). */
export const CITATION_FORMATS = ['bibtex', 'ris'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** The longest citation text a reader pastes (one entry). */
export const CITATION_TEXT_MAX = 20_000;
/** The longest category name. */
export const CATEGORY_NAME_MAX = 50;
