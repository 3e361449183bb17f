/**
 * The bigram terms of the search index (decision 260): what a text is cut into, and that a
 * query's phrase of bigrams is found in a text exactly when the query is a substring of it.
 */
import { describe, expect, it } from 'vitest';
import { gramsOf, MAX_INDEXED_CHARS, queryParts } from './grams.js';
import { ftsQuery, tsQuery } from './service.js';

describe('gramsOf', () => {
  it('cuts runs of letters and digits into bigrams and ends each run with its last character', () => {
    expect(gramsOf('控制器 C8051')).toEqual(['控制', '制器', '器', 'c8', '80', '05', '51', '1']);
    expect(gramsOf('A 型')).toEqual(['a', '型']);
    expect(gramsOf('——「」 %_')).toEqual([]);
  });

  it('normalises width and case (NFKC, lower case)', () => {
    expect(gramsOf('ＡＢＣ１２')).toEqual(gramsOf('abc12'));
  });

  it('reads at most MAX_INDEXED_CHARS characters', () => {
    expect(gramsOf('研'.repeat(MAX_INDEXED_CHARS * 3))).toHaveLength(MAX_INDEXED_CHARS);
  });

  it('finds a query as a run of consecutive bigrams exactly when it is a substring', () => {
    const title = '基于运动控制芯片MCX314的运动控制器设计';
    const grams = gramsOf(title);
    const holds = (q: string) =>
      queryParts(q).every((p) => {
        if ('prefix' in p) return grams.some((g) => g.startsWith(p.prefix));
        for (let i = 0; i + p.phrase.length <= grams.length; i++) if (p.phrase.every((g, j) => grams[i + j] === g)) return true;
        return false;
      });
    const chars = [...title];
    for (let len = 2; len <= 6; len++) for (let i = 0; i + len <= chars.length; i++) expect(holds(chars.slice(i, i + len).join(''))).toBe(true);
    for (const q of ['控制器设计', 'mcx314', '片m', '器设', '1', '设']) expect(holds(q), q).toBe(true);
    for (const q of ['控制设计', '运控', '计基', 'mcx315']) expect(holds(q), q).toBe(false);
    // a one-character run before more of the query ends a run of the text (decision 364)
    const cell = gramsOf('T-Cell 免疫应答，C++编程');
    const holdsIn = (grams: string[], q: string) =>
      queryParts(q).every((p) =>
        'prefix' in p ? grams.some((g) => g.startsWith(p.prefix)) : grams.some((_, i) => p.phrase.every((g, j) => grams[i + j] === g)),
      );
    for (const q of ['t-c', 'T-Cell', 'c++编', '答，c', 'l 免']) expect(holdsIn(cell, q), q).toBe(true);
    for (const q of ['x-3', '片-m']) expect(holds(q), q).toBe(false);
    for (const q of ['e-c', 'a-c']) expect(holdsIn(cell, q), q).toBe(false);
  });
});

describe('query syntax', () => {
  it('becomes FTS5 phrases and prefixes, and tsquery phrases, of letters and digits only', () => {
    expect(queryParts('C++编程')).toEqual([{ phrase: ['c'] }, { phrase: ['编程'] }]);
    expect(queryParts('T-C')).toEqual([{ phrase: ['t'] }, { prefix: 'c' }]);
    expect(ftsQuery(queryParts('控制器 "OR" x'))).toBe('"控制 制器" AND "or" AND "x" *');
    expect(ftsQuery(queryParts('t-c'))).toBe('"t" AND "c" *');
    expect(tsQuery(queryParts("控制器 o'r"))).toBe("('控制' <-> '制器') & ('o') & 'r':*");
    expect(queryParts('%%')).toEqual([]);
  });
});
