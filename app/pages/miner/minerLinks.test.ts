/** The explore page's links to the analysis and the advanced search keep its filters (minerLinks.ts). */
import { describe, expect, it } from 'vitest';
import { advancedHref, minerHref } from './minerLinks';

describe('links from the explore page', () => {
  it('carries the query and filters, not the page, to /exploreV3 and /LiteratureMiner', () => {
    const p = new URLSearchParams('q=深度学习&type=article&category=工学&page=3&size=20');
    expect(advancedHref(p)).toBe(`/exploreV3?${new URLSearchParams('q=深度学习&type=article&category=工学')}`);
    expect(minerHref(p)).toBe(`/LiteratureMiner?${new URLSearchParams('q=深度学习&type=article&category=工学')}`);
    expect(advancedHref(new URLSearchParams('q=&page=2'))).toBe('/exploreV3');
  });
});
