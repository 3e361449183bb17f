/** Science data panel rules (spec 1 §3 'sciencedata defaults: span 1, height 331'; spec 2 §9) and rendering. */
import { describe, expect, it } from 'vitest';
import { sciencedataCount, sciencedataDefinition as def } from './definition';
import SciencedataPanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';

describe('sciencedata rules', () => {
  it.each([
    [0, 8],
    [1, 8],
    [2, 8],
    [3, 16],
    [5, 16],
  ])('span %i lists %i data sets', (span, n) => {
    expect(sciencedataCount(span)).toBe(n);
    expect(def.reads(moduleOf('sciencedata', { span }) as never)[0]).toMatchObject({ kind: 'sciencedata', count: n });
  });
  it('defaults to span 1 and height 331 (399 in a group template)', () => {
    expect(def.defaults({ groupTemplate: false }).span).toBe(1);
    expect(def.height(moduleOf('sciencedata') as never, { groupTemplate: false })).toBe(331);
    expect(def.height(moduleOf('sciencedata') as never, { groupTemplate: true })).toBe(399);
  });
  it('takes a first-level category alone', () => {
    const r = def.reads(moduleOf('sciencedata', { category: ['地球科学'] }) as never)[0];
    expect(r).toMatchObject({ categoryLevelOne: '地球科学' });
    expect(r).not.toHaveProperty('categoryLevelTwo');
  });
});

describe('sciencedata panel', () => {
  it('shows the publish date, else the date', () => {
    const html = renderPanel(SciencedataPanel, 'sciencedata', {
      data: {
        sciencedata: pageOf([
          { id: 41, type: 'sciencedata', title: '中国近海海表温度逐日数据集', publish_date: '2025-11-02', date: '2025-01-01' },
          { id: 42, type: 'sciencedata', title: '青藏高原冻土分布图', date: '2024-06-30' },
        ]),
      },
    });
    for (const s of ['中国近海海表温度逐日数据集', '2025-11-02', '青藏高原冻土分布图', '2024-06-30', 'href="/microapp/explore/resources/sciencedata/41"'])
      expect(html).toContain(s);
    expect(html).not.toContain('2025-01-01');
  });
});
