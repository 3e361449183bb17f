/**
 * The home grid's geometry (spec 1 §3 'span', spec 2 §9 'Layout'): panels sit in a wrapping flex row on
 * the 1210 px container; a panel's width is its span's fraction of the row minus its share of the gaps,
 * so that panels whose fractions add up to 1 fill the row exactly. Below 576 px every panel is full width
 * (site.css).
 */
import { SPAN_FRACTIONS } from '@common/constants';

/** Gap between panels, px (horizontal and vertical). */
export const GRID_GAP = 16;

/** Clamps any stored span to 0..5 (unknown values show full width). */
export function normaliseSpan(span: unknown): 0 | 1 | 2 | 3 | 4 | 5 {
  return typeof span === 'number' && Number.isInteger(span) && span >= 0 && span <= 5 ? (span as 0 | 1 | 2 | 3 | 4 | 5) : 5;
}

/** CSS width of a panel of this span: `calc(f * 100% - gap * (1 - f))`. */
export function spanWidth(span: unknown, gap: number = GRID_GAP): string {
  const f = SPAN_FRACTIONS[normaliseSpan(span)];
  if (f === 1) return '100%';
  const pct = +(f * 100).toFixed(4);
  const minus = +(gap * (1 - f)).toFixed(4);
  return `calc(${pct}% - ${minus}px)`;
}
