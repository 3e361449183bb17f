/**
 * The explore page's hint under facets counted over a sample names the sample the search counts
 * (decision 261; the server reads SEARCH_CAP from here): it said 10,000 after the cap became 2,000.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { SEARCH_CAP } from './searchFacets';

describe('the facets hint', () => {
  it('names the cap the search reads and counts', () => {
    expect(MSG.facetLowerBound(SEARCH_CAP)).toBe('按前 2,000 条结果统计');
  });
});
