/** Policy panel rules (spec 2 §9 'Heights', 'Item counts'; spec 1 §2 more link) and its rendering. */
import { describe, expect, it } from 'vitest';
import { policyCount, policyDefinition as def } from './definition';
import PolicyPanel from './Panel';
import { moduleOf, pageOf, renderPanel } from '../test/panels';

describe('policy rules', () => {
  it.each([
    [0, 8],
    [1, 8],
    [2, 8],
    [3, 16],
    [4, 16],
    [5, 16],
  ])('span %i shows %i policies', (span, n) => {
    expect(policyCount(span)).toBe(n);
    expect(def.reads(moduleOf('policy', { span }) as never)).toEqual([{ key: 'policy', source: 'top', kind: 'policy', count: n }]);
  });
  it('defaults to span 1; 331 high, 399 in a group template', () => {
    expect(def.defaults({ groupTemplate: false }).span).toBe(1);
    expect(def.height(moduleOf('policy') as never, { groupTemplate: false })).toBe(331);
    expect(def.height(moduleOf('policy') as never, { groupTemplate: true })).toBe(399);
  });
  it('reads the chosen category and follows the more-link priority', () => {
    const m = moduleOf('policy', { category: ['科技政策', '人才'] }) as never;
    expect(def.reads(m)[0]).toMatchObject({ categoryLevelOne: '科技政策', categoryLevelTwo: '人才' });
    expect(def.moreLink(moduleOf('policy', { redirectToExplore: true }) as never, { signedIn: false })).toBe('/microapp/explore?type=policy');
    expect(def.moreLink(moduleOf('policy', { specificLink: 'https://gov.cn/zc' }) as never, { signedIn: false })).toBe('https://gov.cn/zc');
    expect(new URL(def.moreLink(moduleOf('policy') as never, { signedIn: false })!, 'http://x').searchParams.getAll('dataType')).toEqual(['policy']);
  });
});

describe('policy panel', () => {
  it('shows issuer, title with document number, date and the detail link', () => {
    const html = renderPanel(PolicyPanel, 'policy', {
      data: {
        policy: pageOf([
          {
            id: 21,
            type: 'policy',
            title: '关于加快推进科研数据开放共享的指导意见',
            date: '2026-03-18',
            issuer: '科学技术部',
            docNumber: '国科发〔2026〕12号',
          },
          { id: 22, type: 'policy', title: '高校图书馆数字资源建设规范', date: null },
        ]),
      },
    });
    for (const s of [
      '科学技术部',
      '关于加快推进科研数据开放共享的指导意见（国科发〔2026〕12号）',
      '2026-03-18',
      'href="/microapp/explore/resources/policy/21"',
      '高校图书馆数字资源建设规范',
    ])
      expect(html).toContain(s);
    expect(html).not.toContain('暂无数据');
  });
  it('lays out two columns at wide spans', () => {
    const html = renderPanel(PolicyPanel, 'policy', { module: moduleOf('policy', { span: 3 }), data: { policy: pageOf([{ id: 1, title: '甲' }]) } });
    expect(html).toContain('atr-p-list--two');
  });
});
