import { describe, expect, it } from 'vitest';
import { makePage } from '../../common/page';
import { needsTopUp, topUp, wantsRecommendations } from './topUp';

const items = (ids: number[]) => ids.map((id) => ({ id, title: `条目${id}` }));

describe('recommendation top-up (spec 1 §4)', () => {
  it('keeps a full recommended page and does not need the regular read', () => {
    const rec = makePage(items([5, 6, 7, 8]), 40, 1, 4);
    expect(needsTopUp(rec, 4)).toBe(false);
    expect(topUp(rec, null, 4).content.map((i) => i.id)).toEqual([5, 6, 7, 8]);
  });
  it('tops a short page up from regular data, recommended first, without repeats', () => {
    const rec = makePage(items([9, 3]), 2, 1, 5);
    const regular = makePage(items([1, 2, 3, 4, 5, 6]), 30, 1, 5);
    expect(needsTopUp(rec, 5)).toBe(true);
    const p = topUp(rec, regular, 5);
    expect(p.content.map((i) => i.id)).toEqual([9, 3, 1, 2, 4]);
    expect(p.totalElements).toBe(30);
  });
  it('no recommendations (or a failed read): the regular page', () => {
    const regular = makePage(items([1, 2, 3]), 3, 1, 8);
    expect(topUp(null, regular, 8).content.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(topUp(makePage([], 0, 1, 8), regular, 8).empty).toBe(false);
  });
  it('asks for recommendations only for scholar and journal panels with recommendation on and a user', () => {
    expect(wantsRecommendations({ showRecommendation: true }, 'journal', { id: 1 })).toBe(true);
    expect(wantsRecommendations({ showRecommendation: true }, 'scholar', { id: 1 })).toBe(true);
    expect(wantsRecommendations({ showRecommendation: true }, 'journal', null)).toBe(false);
    expect(wantsRecommendations({ showRecommendation: false }, 'journal', { id: 1 })).toBe(false);
    expect(wantsRecommendations({ showRecommendation: true }, 'article', { id: 1 })).toBe(false);
  });
});
