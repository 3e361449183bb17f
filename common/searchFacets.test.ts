/**
 * The explore page's hint under facets counted over a sample names the sample the search counts
 * (decision 261; the server reads SEARCH_CAP from here): it said 10,000 after the cap became 2,000.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { FIELD_FACETS, SEARCH_CAP } from './searchFacets';

describe('the facets hint', () => {
  it('names the cap the search reads and counts', () => {
    expect(MSG.facetLowerBound(SEARCH_CAP)).toBe('按前 2,000 条结果统计');
  });
});

describe('how facet values read (decision 393)', () => {
  const facet = (type: 'journal' | 'conference', key: string) => FIELD_FACETS[type]!.find((f) => f.key === key)!;

  it('names a journal partition as 中科院分区 does, and leaves other values as stored', () => {
    const label = facet('journal', 'partition').valueLabel!;
    expect(['1', '2', '3', '4'].map(label)).toEqual(['1区', '2区', '3区', '4区']);
    expect(label('未分区')).toBe('未分区');
  });

  it('reads a conference outside the CCF list as 非 CCF 推荐, the classes as they are', () => {
    const label = facet('conference', 'rank').valueLabel!;
    expect(['A', 'B', 'C', 'N'].map(label)).toEqual(['A', 'B', 'C', '非 CCF 推荐']);
  });
});
