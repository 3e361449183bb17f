/**
 * The lazy pages' module names (app/pageChunks.tsx; decision 724): each name given to `antdPage` or
 * `lazyChunk` in the route tables is the module its loader imports, as Vite's manifest keys it (the path
 * below app/), and that file exists; no visitor page of those tables is lazy without a name (its chunks
 * would never be preloaded).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(import.meta.dirname);
const TABLES = ['App.tsx', 'pages/helix/HelixRoutes.tsx'];

describe('lazy page names', () => {
  it('name the module their loader imports, and every visitor page has one', () => {
    let named = 0;
    for (const table of TABLES) {
      const text = fs.readFileSync(path.join(APP, table), 'utf8');
      const re = /(?:antdPage\('([^']+)'|lazyChunk\(\['([^']+)'\]), \(\) => import\('([^']+)'\)\)/g;
      for (const m of text.matchAll(re)) {
        const name = m[1] ?? m[2];
        const imported = path
          .relative(APP, path.resolve(path.dirname(path.join(APP, table)), m[3]))
          .split(path.sep)
          .join('/');
        expect(name, `${table}: ${m[0]}`).toBe(`${imported}.tsx`);
        expect(fs.existsSync(path.join(APP, name)), name).toBe(true);
        named += 1;
      }
      // the console's route table is the only lazy import left by hand: the server does not render it
      const unnamed = [...text.matchAll(/= lazy\(\(\) => (?:withAntd(?:<\w+>)?\()?import\('([^']+)'\)/g)].map((m) => m[1]);
      expect(
        unnamed.filter((p) => p !== './console'),
        table,
      ).toEqual([]);
    }
    expect(named).toBeGreaterThan(35);
  });
});
