/**
 * Small pure helpers the panels share: reading loosely typed listing items (spec 1 §3 'Listing items':
 * any field may be missing or null) and formatting dates (spec 2 §9 'Dates': yyyy-MM-dd, relative time).
 * No React, so they are unit-tested on their own.
 */
import type { Page } from '../../common/page.js';
import { formatLocal } from '../../common/dates.js';

/** A listing item as the server presents it: `{ id, type, title, date, ...fields }`, every field optional. */
export type PanelItem = Record<string, unknown> & { id?: unknown; title?: unknown };

/** The items of a page, or [] for a missing or malformed page; non-object entries are dropped. */
export function pageItems(page: Page<unknown> | undefined | null): PanelItem[] {
  const content = page && Array.isArray(page.content) ? page.content : [];
  return content.filter((x): x is PanelItem => x !== null && typeof x === 'object' && !Array.isArray(x));
}

/** A field as display text: strings trimmed, finite numbers as text, lists joined with '、', else ''. */
export function text(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (Array.isArray(v))
    return v
      .map((x) => (x && typeof x === 'object' ? text((x as Record<string, unknown>).name ?? (x as Record<string, unknown>).title) : text(x)))
      .filter(Boolean)
      .join('、');
  return '';
}

/** A field as a number, or null when missing or not numeric. */
export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** An item's id as a path segment (string or number), or '' when it has none. */
export function idOf(item: PanelItem, key = 'id'): string {
  const v = item[key];
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : '';
}

/** The item's title, or the placeholder 未命名. */
export function titleOf(item: PanelItem): string {
  return text(item.title) || text(item.name) || '未命名';
}

/** Parses a date field (yyyy-MM-dd, an ISO date-time, a year, epoch ms) into a Date, or null. */
export function parseDate(v: unknown): Date | null {
  if (v == null || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    if (v >= 1000 && v <= 9999) return new Date(v, 0, 1);
    return new Date(v);
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  const ymd = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(s);
  if (ymd) return new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3]));
  if (/^\d{4}$/.test(s)) return new Date(Number(s), 0, 1);
  const ym = /^(\d{4})-(\d{2})$/.exec(s);
  if (ym) return new Date(Number(ym[1]), Number(ym[2]) - 1, 1);
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date field as yyyy-MM-dd (spec 2 §9 'Dates'); a bare year (2024) or year and month (2024-03), as an
 * imported reference may give, stays so; '' when missing or
 * unreadable. A missing date is shown as nothing rather than the spec's 2023-01-01 default, which
 * would state a date nobody gave.
 */
export function formatDate(v: unknown): string {
  if (typeof v === 'number' && v >= 1000 && v <= 9999) return String(v);
  if (typeof v === 'string') {
    const s = v.trim();
    // a year or a year and month stays as the source gave it (decision 510): never a day nobody gave
    if (/^\d{4}(?:-(?:0[1-9]|1[0-2]))?$/.test(s)) return s;
    const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (ymd) return s;
  }
  const d = parseDate(v);
  return d ? formatLocal(d) : '';
}

/**
 * Relative wording of a date (spec 2 §9 'Relative time wording'): 刚刚, N 分钟前, N 小时前, N 天前,
 * N 周前 up to 28 days, then N 个月前 and N 年前. Future dates and unreadable ones fall back to
 * `formatDate`.
 */
export function relativeDate(v: unknown, now: number = Date.now()): string {
  const d = parseDate(v);
  if (!d) return '';
  const diff = now - d.getTime();
  if (diff < 0) return formatDate(v);
  const min = 60_000,
    hour = 60 * min,
    day = 24 * hour;
  if (diff < min) return '刚刚';
  if (diff < hour) return `${Math.floor(diff / min)}分钟前`;
  if (diff < day) return `${Math.floor(diff / hour)}小时前`;
  if (diff < 7 * day) return `${Math.floor(diff / day)}天前`;
  if (diff < 28 * day) return `${Math.floor(diff / (7 * day))}周前`;
  if (diff < 365 * day) return `${Math.max(1, Math.floor(diff / (30 * day)))}个月前`;
  return `${Math.floor(diff / (365 * day))}年前`;
}

/** Sorts items newest first by a date field (stable; items without a readable date go last). */
export function newestFirst(items: PanelItem[], key = 'date'): PanelItem[] {
  const t = (it: PanelItem) => parseDate(it[key])?.getTime() ?? -Infinity;
  return items
    .map((it, i) => ({ it, i, t: t(it) }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.it);
}

/** A stable hue 0-359 for a string, for placeholder colours. */
export function hueOf(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

/** The first visible character of a name (a Chinese character or an upper-cased letter), or '·'. */
export function initialOf(s: string): string {
  const first = [...s.trim()].find((c) => /[\p{L}\p{N}]/u.test(c));
  return first ? first.toUpperCase() : '·';
}

/** Columns of a card grid holding `count` cards in two rows (8 → 4, 6 → 3, 4 → 2, 2 → 1). */
export const cardColumns = (count: number): number => Math.max(1, Math.ceil(count / 2));
