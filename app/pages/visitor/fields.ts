/**
 * How a resource's fields read on its detail page (spec 1 §3 'Listing items'):
 * Chinese labels for the known fields, values made readable (lists joined, numbers as they are, URLs
 * kept as links), internal and empty fields left out. Pure: no React.
 */
import { scalarText } from '@common/text';

/** Field → Chinese label, in the order the detail page shows them. */
export const FIELD_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['author', '作者'],
  ['institution', '机构'],
  ['professional_title', '职称'],
  ['academic_title', '学术称号'],
  ['research_field', '研究领域'],
  ['discipline', '学科'],
  ['category', '分类'],
  ['publish_year', '发表年份'],
  ['year', '出版年份'],
  ['publisher', '出版者'],
  ['issuer', '发文机关'],
  ['docNumber', '文号'],
  ['standard_no', '标准号'],
  ['status', '状态'],
  ['article_date', '发布日期'],
  ['publish_date', '发布日期'],
  ['start_date', '开始日期'],
  ['end_date', '结束日期'],
  ['undertaking_institution', '承担单位'],
  ['funding_institution', '资助机构'],
  ['issn', 'ISSN'],
  ['impact_factor', '影响因子'],
  ['collection', '收录'],
  ['partition', '分区'],
  ['subject', '学科'],
  ['rank', '等级'],
  ['ccf_rank', 'CCF 等级'],
  ['country', '国家/地区'],
  ['province', '省份'],
  ['city', '城市'],
  ['location', '所在地'],
  ['address', '地址'],
  ['authority', '主管部门'],
  ['level', '办学层次'],
  ['code', '学校标识码'],
  ['scholars', '学者数'],
  ['fruits', '成果数'],
  ['fruits_total', '成果数'],
  ['salary', '薪资'],
  ['work_address', '工作地点'],
  ['work_experience', '工作经验'],
  ['edu_cation', '学历要求'],
  ['work_time', '工作时间'],
  ['source', '来源'],
];

/** Counts the catalogues leave at 0 when they do not know them: shown only when positive. */
const UNKNOWN_WHEN_ZERO = new Set(['fruits', 'fruits_total']);

/** A field value as text, or '' when there is nothing to show. */
export function fieldText(v: unknown): string {
  if (v == null) return '';
  if (Array.isArray(v)) return v.map(fieldText).filter(Boolean).join('、');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return fieldText(o.name ?? o.title ?? o.label ?? '');
  }
  return scalarText(v).trim();
}

/** The rows of a resource's facts: `[label, text]`, known fields first in FIELD_LABELS order, no empties. */
export function detailRows(item: Record<string, unknown>): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const seenLabels = new Set<string>();
  for (const [key, label] of FIELD_LABELS) {
    if (!(key in item) || seenLabels.has(label)) continue;
    const t = fieldText(item[key]);
    if (!t || (UNKNOWN_WHEN_ZERO.has(key) && t === '0')) continue;
    rows.push([label, t]);
    seenLabels.add(label);
  }
  return rows;
}

/** The resource's own web address (url, homepage or link), when it is an http(s) address. */
export function externalUrl(item: Record<string, unknown>): string | null {
  for (const k of ['url', 'homepage', 'link']) {
    const v = item[k];
    if (typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v.trim())) return v.trim();
  }
  return null;
}

/** Keywords as a list (stored as an array, or a string separated by _ , ; 、). */
export function keywordsOf(item: Record<string, unknown>): string[] {
  const k = item.keywords;
  if (Array.isArray(k)) return k.map((x) => String(x).trim()).filter(Boolean);
  if (typeof k === 'string')
    return k
      .split(/[_,;，；、]/)
      .map((x) => x.trim())
      .filter(Boolean);
  return [];
}
