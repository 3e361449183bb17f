/** The addresses of the 导出引用 button (decision 272). */
import { describe, expect, it } from 'vitest';
import { citationUrl } from './CitationExport';

describe('citationUrl', () => {
  it('one resource of a known type: its own route (the file is named after its title)', () => {
    expect(citationUrl([12], 'bibtex', 'article')).toBe('/api/v1/resources/article/12/citation?format=bibtex');
  });
  it('a list, or one id without a type: the list route, ids in order', () => {
    expect(citationUrl([3, 1, 2], 'ris')).toBe('/api/v1/citations?ids=3,1,2&format=ris');
    expect(citationUrl([3, 1], 'gbt7714', 'article')).toBe('/api/v1/citations?ids=3,1&format=gbt7714');
    expect(citationUrl([7], 'gbt7714')).toBe('/api/v1/citations?ids=7&format=gbt7714');
  });
});
