/** Ticked results of the explore page (decision 282). */
import { describe, expect, it } from 'vitest';
import { CITATION_EXPORT_MAX } from '@common/constants';
import { NO_PICKS, PICK_MAX, exportIds, pageState, pick, searchOf, ticksOf, type Ranked } from './citationPicks';

const ranked = (ids: number[], page: number, size = 10): Ranked[] => ids.map((id, i) => ({ id, rank: (page - 1) * size + i }));

describe('searchOf', () => {
  it('is the URL without its page, in a fixed order', () => {
    expect(searchOf(new URLSearchParams('q=图谱&type=article&page=3'))).toBe(searchOf(new URLSearchParams('type=article&q=图谱')));
    expect(searchOf(new URLSearchParams('q=图谱&page=2'))).toBe(searchOf(new URLSearchParams('q=图谱')));
  });
  it('differs for another query, filter or page size', () => {
    const base = searchOf(new URLSearchParams('q=图谱&type=article'));
    for (const other of ['q=图谱', 'q=知识&type=article', 'q=图谱&type=article&category=工学', 'q=图谱&type=article&size=20']) {
      expect(searchOf(new URLSearchParams(other)), other).not.toBe(base);
    }
  });
});

describe('pick', () => {
  const s = searchOf(new URLSearchParams('q=图谱'));
  it('ticks and unticks; the value given is unchanged', () => {
    const one = pick(NO_PICKS, s, ranked([5], 1), true).picks;
    expect([...ticksOf(one, s).keys()]).toEqual([5]);
    const none = pick(one, s, ranked([5], 1), false).picks;
    expect(ticksOf(none, s).size).toBe(0);
    expect(ticksOf(one, s).size).toBe(1);
  });
  it('keeps ticks across the pages of one search and drops them in another search', () => {
    let p = pick(NO_PICKS, s, ranked([11, 12], 2), true).picks; // page 2
    p = pick(p, s, ranked([3], 1), true).picks; // back on page 1
    expect(ticksOf(p, s).size).toBe(3);
    const other = searchOf(new URLSearchParams('q=图谱&type=article'));
    expect(ticksOf(p, other).size).toBe(0);
    expect([...ticksOf(pick(p, other, ranked([7], 1), true).picks, other).keys()]).toEqual([7]);
  });
  it(`stops at ${PICK_MAX}, the server's limit, and counts what did not fit`, () => {
    expect(PICK_MAX).toBe(CITATION_EXPORT_MAX);
    const ids = Array.from({ length: 95 }, (_v, i) => i + 1);
    const p = pick(NO_PICKS, s, ranked(ids, 1, 100), true).picks;
    const r = pick(p, s, ranked([201, 202, 203, 204, 205, 206, 207, 208], 3, 100), true);
    expect(r.picks.ranks.size).toBe(PICK_MAX);
    expect(r.refused).toBe(3);
    expect(r.picks.ranks.has(205)).toBe(true);
    expect(r.picks.ranks.has(206)).toBe(false);
    // ticking one already ticked is no refusal
    expect(pick(r.picks, s, ranked([1], 1, 100), true).refused).toBe(0);
  });
});

describe('exportIds', () => {
  it('with none ticked: the page as it is', () => {
    expect(exportIds([9, 4, 7], new Map())).toEqual([9, 4, 7]);
  });
  it('the ticked ones in result order, whatever order they were ticked in', () => {
    const s = 'q=x';
    let p = pick(NO_PICKS, s, ranked([30, 31], 3), true).picks; // ranks 20, 21
    p = pick(p, s, [{ id: 8, rank: 4 }], true).picks;
    p = pick(p, s, [{ id: 2, rank: 1 }], true).picks;
    expect(exportIds([1, 2, 3], ticksOf(p, s))).toEqual([2, 8, 30, 31]);
  });
});

describe('pageState', () => {
  it('all, some or none of the page ticked', () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(pageState(items, new Map())).toEqual({ all: false, some: false });
    expect(pageState(items, new Map([[2, 1]]))).toEqual({ all: false, some: true });
    expect(
      pageState(
        items,
        new Map([
          [1, 0],
          [2, 1],
          [9, 30],
        ]),
      ),
    ).toEqual({ all: true, some: true });
    expect(pageState([], new Map([[1, 0]]))).toEqual({ all: false, some: false });
  });
});
