/** The explore link of spec 1 §2, derived from the header menu. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPLORE_BASE, exploreBaseFromMenu, exploreLinkFromMenu, exploreLinkWithType } from './exploreLink.js';

describe('exploreLinkFromMenu', () => {
  const cases: Array<[string, Parameters<typeof exploreLinkFromMenu>[0], string, string]> = [
    ['a site-path entry with scope 1', [{ url: '/news' }, { url: '/console/explore?scope=1' }], 'journal', '/microapp/explore?scope=1&type=journal'],
    [
      'other query keys are kept, an old type replaced',
      [{ url: '/console/explore?scope=1&lang=zh&type=news' }],
      'scholar',
      '/microapp/explore?scope=1&lang=zh&type=scholar',
    ],
    [
      'an entry inside a sub menu',
      [{ url: '', children: [{ url: '/about' }, { url: '/console/explore?scope=1' }] }],
      'article',
      '/microapp/explore?scope=1&type=article',
    ],
    [
      'an absolute address keeps its host',
      [{ url: 'https://portal.example.cn/console/explore/?scope=1' }],
      'patent',
      'https://portal.example.cn/microapp/explore?scope=1&type=patent',
    ],
    ['stored shapes with link or path', [{ link: '/console/explore?scope=1' }], 'news', '/microapp/explore?scope=1&type=news'],
    ['scope other than 1 does not count', [{ url: '/console/explore?scope=2' }], 'journal', '/microapp/explore?type=journal'],
    ['another console page does not count', [{ url: '/console/explorer?scope=1' }], 'journal', '/microapp/explore?type=journal'],
    ['no menu', undefined, 'book', '/microapp/explore?type=book'],
    ['a javascript: entry is ignored', [{ url: 'javascript:/console/explore?scope=1' }], 'book', '/microapp/explore?type=book'],
    ['the type is encoded', [{ url: '/console/explore?scope=1' }], 'a&b', '/microapp/explore?scope=1&type=a%26b'],
  ];
  it.each(cases)('%s', (_name, menu, type, expected) => {
    expect(exploreLinkFromMenu(menu, type)).toBe(expected);
  });

  it('the first qualifying entry wins and the base carries no type', () => {
    expect(exploreBaseFromMenu([{ url: '/console/explore?scope=1&from=a' }, { url: '/console/explore?scope=1&from=b' }])).toBe(
      '/microapp/explore?scope=1&from=a',
    );
    expect(exploreBaseFromMenu([{ url: '/x' }])).toBeNull();
    expect(exploreLinkWithType(null, 'news')).toBe(`${DEFAULT_EXPLORE_BASE}?type=news`);
  });
});
