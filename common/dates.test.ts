/**
 * common/dates.ts is the one date formatter: its patterns, and no other hand-written yyyy-MM-dd helper
 * (a `padStart(2, '0')` of a date part) in the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAY_MINUTE, DAY_SECOND, formatLocal, isoDay } from './dates';

const root = path.resolve(import.meta.dirname, '..');

/** The .ts/.tsx files under `dir`, test files left out. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('dates', () => {
  it('writes local dates in the product style', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatLocal(d)).toBe('2026-01-05');
    expect(formatLocal(d, DAY_MINUTE)).toBe('2026-01-05 07:08');
    expect(formatLocal(d, DAY_SECOND)).toBe('2026-01-05 07:08:09');
    expect(isoDay(2026, 3, 9)).toBe('2026-03-09');
  });

  it('is the only date formatter', () => {
    const own = path.join(root, 'common', 'dates.ts');
    const copies = ['app', 'common', 'modules', 'server']
      .flatMap((d) => sources(path.join(root, d)))
      .filter((f) => f !== own && /padStart\(2, '0'\)|getFullYear\(\)\}-/.test(fs.readFileSync(f, 'utf8')));
    expect(copies.map((f) => path.relative(root, f))).toEqual([]);
  });
});
