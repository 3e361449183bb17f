/**
 * `articles`: the CSL Chinese Scientific Literature TSV files (../shared/data/csl-chinese-scientific-literature).
 * Columns are found by header name, so the joined file (split, title, abstract, keywords, discipline,
 * category), a copy without `split` or with columns reordered, and the train file (title, category)
 * all import. Tab separated, no quoting (quotes are text in CSL).
 */
import { readTable, columns } from './table.js';
import { cell, titleKey, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

/**
 * Parses a CSL TSV file into `article` resources (spec 1 §3 'Listing items': Article date, publish_year).
 * - fields: abstract, keywords (array, from the `_`-separated column), discipline (二级学科),
 *   category (一级门类), publish_year (from a `year`/`publish_year` column when there is one, else null)
 * - category path: category → discipline (the topic's two-level tree)
 * - sourceKey: titleKey(title), a hash of the normalised title, so the same paper from two files is one
 * - date: the year (`2024`) when one is known, at the precision the file gives (decision 510), else null
 * Skips rows with an empty title or a wrong column count. Throws ImportFileError without a `title` column.
 */
export function parseArticles(text: string, _fileName: string): ParseResult {
  const table = readTable(text, { delimiter: '\t', quote: false });
  const col = columns(table.header, ['title'], ['abstract', 'keywords', 'discipline', 'category', 'year', 'publish_year'], '论文 TSV 需要 title 列');
  const items: ImportItem[] = [];
  const skipped: SkippedRow[] = [...table.broken];
  const at = (cells: string[], i: number | undefined) => (i === undefined ? null : cell(cells[i]));
  for (const { line, cells } of table.rows) {
    const title = at(cells, col.title);
    if (!title) {
      skipped.push({ line, reason: '标题为空' });
      continue;
    }
    const abstract = at(cells, col.abstract);
    const keywords = (at(cells, col.keywords) ?? '')
      .split('_')
      .map((k) => k.trim())
      .filter(Boolean);
    const discipline = at(cells, col.discipline);
    const category = at(cells, col.category);
    const yearText = at(cells, col.publish_year ?? col.year);
    const year = yearText && /^\d{4}$/.test(yearText) ? Number(yearText) : null;
    items.push({
      line,
      type: 'article',
      sourceKey: titleKey(title),
      title,
      date: year ? String(year) : null,
      fields: { abstract, keywords, discipline, category, publish_year: year },
      searchText: [keywords.join(' '), discipline, category].filter(Boolean).join(' '),
      categoryOne: category,
      categoryTwo: category ? discipline : null,
    });
  }
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read: table.rows.length + table.broken.length };
}
