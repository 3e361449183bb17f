/** The paged result of every list call (docs/architecture.md §Services and the database; spec 1 §3 'Paged result'). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  empty: boolean;
  page: number;
  size: number;
}

/** Builds a page; `page` is 1-based. */
export function makePage<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  return { content, totalElements, empty: content.length === 0, page, size };
}

/** The error body of every refusal: `{ error: { code, message, fields? } }`, message in Chinese. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
