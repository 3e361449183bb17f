/** Standard panel rules (spec 2 §9; docs/decisions.md #20) and its rendering (standard_no, article_date). */
import { describe, expect, it } from 'vitest';
import { standardCount, standardDefinition as def } from './definition';
import StandardPanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';

describe('standard rules', () => {
  it.each([
    [0, 8],
    [2, 8],
    [3, 16],
    [5, 16],
  ])('span %i lists %i standards', (span, n) => {
    expect(standardCount(span)).toBe(n);
    expect(def.reads(moduleOf('standard', { span }) as never)[0]).toMatchObject({ source: 'top', kind: 'standard', count: n });
  });
  it('defaults to span 1; 331 high, 399 in a group template', () => {
    expect(def.defaults({ groupTemplate: false }).span).toBe(1);
    expect(def.height(moduleOf('standard') as never, { groupTemplate: false })).toBe(331);
    expect(def.height(moduleOf('standard') as never, { groupTemplate: true })).toBe(399);
  });
});

describe('standard panel', () => {
  it('shows the number, the title, the article date and a 废止 tag when withdrawn', () => {
    const html = renderPanel(StandardPanel, 'standard', {
      data: {
        standard: pageOf([
          { id: 7, type: 'standard', title: '信息与文献 参考文献著录规则', standard_no: 'GB/T 7714-2015', article_date: '2015-12-01', status: '现行' },
          { id: 8, type: 'standard', title: '文献著录总则', standard_no: 'GB/T 3792.1-2009', article_date: '2009-09-30', status: '废止' },
        ]),
      },
    });
    for (const s of ['GB/T 7714-2015', '信息与文献 参考文献著录规则', '2015-12-01', 'href="/microapp/explore/resources/standard/7"', '废止'])
      expect(html).toContain(s);
    expect(html).not.toContain('>现行<');
  });
});
