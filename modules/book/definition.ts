/**
 * Book panel (spec 1 §2 'book form', §3 'Listing items' Book; spec 2 §7 top-monographs, §9): default
 * span 1; list height 331 (399 in a group template); cards by span (5 → 8, 3-4 → 6, 2 → 4, else 2) with
 * cover, title, author and year; reads the 'book' top read (POST /api/v4/modules/top-book, also answered
 * as POST /api/v1|v2/modules/top-monographs) with the module's category.
 */
import { cardCountBySpan, oneReadDefinition } from '../rules.js';
import type { BookModule } from './schema.js';

export type { BookModule } from './schema.js';

export const bookDefinition = oneReadDefinition<BookModule>({
  type: 'book',
  label: '图书',
  alias: '图书',
  span: 1,
  count: cardCountBySpan,
});
