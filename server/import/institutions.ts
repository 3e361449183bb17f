/**
 * `institutions`: the Ministry of Education list of regular higher-education institutions
 * (../shared/data/moe-china-universities-2025/moe_universities_2025.csv).
 */
import { readTable, columns } from './table.js';
import { cell, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

/**
 * Parses the MOE universities CSV (学校名称, 学校标识码, 主管部门, 所在地, 办学层次, 备注, 省份) into
 * `institution` resources (spec 1 §3 'Listing items': Institution id, title, logo, scholars, fruits,
 * institution).
 * - fields: logo null, institution (the name), code (学校标识码), authority (主管部门), location
 *   (所在地), level (办学层次), note (备注), province (省份), scholars 0, fruits 0
 * - sourceKey: 学校标识码 (10-digit MOE code)
 * - category path: 省份 → 办学层次
 * Skips rows without a name or code. Throws ImportFileError without the 学校名称 and 学校标识码 columns.
 */
export function parseInstitutions(text: string, _fileName: string): ParseResult {
  const table = readTable(text, { delimiter: ',', quote: true });
  const col = columns(table.header, ['学校名称', '学校标识码'], ['主管部门', '所在地', '办学层次', '备注', '省份'], '教育部高校名单 CSV');
  const skipped: SkippedRow[] = [...table.broken];
  const at = (cells: string[], i: number | undefined) => (i === undefined ? null : cell(cells[i]));
  const items: ImportItem[] = [];
  for (const { line, cells } of table.rows) {
    const title = at(cells, col['学校名称']);
    const code = at(cells, col['学校标识码']);
    if (!title) {
      skipped.push({ line, reason: '学校名称为空' });
      continue;
    }
    if (!code) {
      skipped.push({ line, reason: '学校标识码为空' });
      continue;
    }
    const province = at(cells, col['省份']);
    const level = at(cells, col['办学层次']);
    const authority = at(cells, col['主管部门']);
    const location = at(cells, col['所在地']);
    const note = at(cells, col['备注']);
    items.push({
      line,
      type: 'institution',
      sourceKey: code,
      title,
      date: null,
      fields: { logo: null, institution: title, code, authority, location, level, note, province, scholars: 0, fruits: 0 },
      searchText: [code, authority, location, province, level, note].filter(Boolean).join(' '),
      categoryOne: province,
      categoryTwo: province ? level : null,
    });
  }
  return { items, skipped: skipped.sort((a, b) => a.line - b.line), read: table.rows.length + table.broken.length };
}
