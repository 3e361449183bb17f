/**
 * `jsonl`: the generic JSON-lines format (server/import/README.md), one resource of any type per line:
 * `{"type": "article", "title": "...", "date": "2024-05-01", "key": "...", "fields": {...}, "category": ["一级", "二级"]}`.
 */
import { RESOURCE_TYPES, type ResourceType } from '../../common/constants.js';
import { JSON_MAX_DEPTH, jsonTooDeep } from '../http/input.js';
import { MSG, fillMsg } from '../../common/messages.js';
import { isIsoDate, stripBom, titleKey, type ImportItem, type ParseResult, type SkippedRow } from './types.js';

const TYPES = new Set<string>(RESOURCE_TYPES);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses JSON lines into resources. Per line: `type` (one of RESOURCE_TYPES, required), `title`
 * (non-empty string, at most 500 characters, required), `date` (yyyy-MM-dd or null), `key` (the source key;
 * default: a hash of the normalised title, so that the same title of the same type is one resource),
 * `fields` (an object, the type's listing fields of spec 1 §3), `category` ([] / [one] / [one, two]),
 * `search` (extra search text). Blank lines are ignored. A line that is not JSON, not an object, nested
 * deeper than JSON_MAX_DEPTH levels, or has a wrong value is skipped with its line number and the reason. Never throws on content.
 */
export function parseJsonl(text: string, _fileName: string): ParseResult {
  const items: ImportItem[] = [];
  const skipped: SkippedRow[] = [];
  let read = 0;
  const lines = stripBom(text).split('\n');
  lines.forEach((raw, i) => {
    const line = i + 1;
    const src = raw.trim();
    if (src === '') return;
    read++;
    let v: unknown;
    try {
      v = JSON.parse(src);
    } catch (err) {
      skipped.push({ line, reason: `不是有效的 JSON（${(err as Error).message.slice(0, 80)}）` });
      return;
    }
    const bad = (reason: string) => {
      skipped.push({ line, reason });
    };
    if (!isObject(v)) return bad('每行应是一个 JSON 对象');
    // a line nested deeper than any record is skipped, not the whole file (decision 416)
    if (jsonTooDeep(v)) return bad(fillMsg(MSG.jsonlLineTooDeep, { max: JSON_MAX_DEPTH }));
    const { type, title, date, key, fields, category, search } = v;
    if (typeof type !== 'string' || !TYPES.has(type)) {
      return bad(`type 不对：${JSON.stringify(type ?? null)}，应为 ${RESOURCE_TYPES.join('、')} 之一`);
    }
    if (typeof title !== 'string' || title.trim() === '') return bad('标题（title）为空');
    if (title.trim().length > 500) return bad('标题（title）超过 500 个字');
    if (date != null && (typeof date !== 'string' || !isIsoDate(date))) return bad(`日期（date）应为 yyyy-MM-dd，收到 ${JSON.stringify(date)}`);
    if (key != null && typeof key !== 'string' && typeof key !== 'number') return bad('key 应为字符串');
    if (key != null && String(key).trim() === '') return bad('key 为空');
    if (fields != null && !isObject(fields)) return bad('fields 应为 JSON 对象');
    if (category != null && (!Array.isArray(category) || category.length > 2 || !category.every((c) => typeof c === 'string' && c.trim() !== ''))) {
      return bad('category 应为一到两个非空字符串的数组，如 ["一级", "二级"]');
    }
    if (search != null && typeof search !== 'string') return bad('search 应为字符串');
    const cat = (category as string[] | null | undefined) ?? [];
    items.push({
      line,
      type: type as ResourceType,
      sourceKey: key != null ? String(key).trim() : titleKey(title),
      title: title.trim(),
      date: date ?? null,
      fields: (fields as Record<string, unknown> | undefined) ?? {},
      searchText: (search as string | undefined) ?? '',
      categoryOne: cat[0]?.trim() ?? null,
      categoryTwo: cat[1]?.trim() ?? null,
    });
  });
  return { items, skipped, read };
}
