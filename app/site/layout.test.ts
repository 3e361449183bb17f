/** Span widths of the home grid (spec 1 §3, spec 2 §9). */
import { describe, expect, it } from 'vitest';
import { normaliseSpan, spanWidth } from './layout';

describe('home grid widths', () => {
  it('maps spans 0..5 to 1/4, 1/3, 1/2, 2/3, 3/4 and 100% minus the gap share', () => {
    expect(spanWidth(0)).toBe('calc(25% - 12px)');
    expect(spanWidth(1)).toBe('calc(33.3333% - 10.6667px)');
    expect(spanWidth(2)).toBe('calc(50% - 8px)');
    expect(spanWidth(3)).toBe('calc(66.6667% - 5.3333px)');
    expect(spanWidth(4)).toBe('calc(75% - 4px)');
    expect(spanWidth(5)).toBe('100%');
  });

  it('treats a missing or odd span as full width', () => {
    expect(normaliseSpan(undefined)).toBe(5);
    expect(normaliseSpan(7)).toBe(5);
    expect(normaliseSpan(2.5)).toBe(5);
    expect(normaliseSpan(0)).toBe(0);
  });
});
