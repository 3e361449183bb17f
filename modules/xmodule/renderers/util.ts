/** Small readers of renderer params: text, numbers and safe links (spec 1 §3 'xmoduleParams'). */
import { isSiteLink } from '../../../common/safePath.js';

/** A trimmed string param, or '' when missing or not text. */
export const textParam = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** A finite number param (numbers or numeric text), or the fallback. */
export function numberParam(v: unknown, fallback: number, min: number, max: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** An http(s) address or a site path, or '' when missing or unsafe (javascript:, data:, …). */
export function linkParam(v: unknown): string {
  const s = textParam(v);
  return s && s.length <= 2000 && isSiteLink(s) ? s : '';
}
