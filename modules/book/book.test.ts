/** Book panel rules (spec 2 §9 'scholar/institution/journal/book by span') and its rendering. */
import { describe, expect, it } from 'vitest';
import { bookDefinition as def } from './definition';
import BookPanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';

describe('book rules', () => {
  it.each([
    [5, 8],
    [4, 6],
    [3, 6],
    [2, 4],
    [1, 2],
    [0, 2],
  ])('span %i shows %i books', (span, n) => {
    expect(def.reads(moduleOf('book', { span }) as never)).toEqual([{ key: 'book', source: 'top', kind: 'book', count: n }]);
  });
  it('defaults to span 1; 331 high, 399 in a group template', () => {
    expect(def.defaults({ groupTemplate: false }).span).toBe(1);
    expect(def.height(moduleOf('book') as never, { groupTemplate: false })).toBe(331);
    expect(def.height(moduleOf('book') as never, { groupTemplate: true })).toBe(399);
  });
});

describe('book panel', () => {
  const books = pageOf([
    { id: 31, type: 'book', title: '数字图书馆导论', cover: '/covers/31.jpg', year: 2021, author: '王知行', publisher: '科学出版社' },
    { id: 32, type: 'book', title: '信息检索原理', cover: null, year: null, author: ['李青', '赵川'], date: '2019-05-01' },
    { id: 33, type: 'book', title: '第三本', cover: null },
  ]);
  it('shows cover, title, author, year and publisher, only as many as the span allows', () => {
    const html = renderPanel(BookPanel, 'book', { data: { book: books } });
    for (const s of [
      'src="/covers/31.jpg"',
      '数字图书馆导论',
      '王知行',
      '2021 · 科学出版社',
      '李青、赵川',
      '2019',
      'href="/microapp/explore/resources/book/32"',
    ])
      expect(html).toContain(s);
    expect(html).not.toContain('第三本');
  });
  it('falls back to a book placeholder with the initial when the cover is missing', () => {
    const html = renderPanel(BookPanel, 'book', { data: { book: books } });
    expect(html).toMatch(/atr-p-book__cover atr-p-thumb--ph[^>]*>.*信/);
  });
});
