/** The snapping of the editor's resize edge (app/console/editor/SortableGrid.tsx). */
import { describe, expect, it } from 'vitest';
import { nearestSpan, spanPx } from './SortableGrid';

describe('resize snapping on the 1210 px row', () => {
  it('gives the width of each span with its share of the 16 px gaps', () => {
    expect(spanPx(5, 1210)).toBe(1210);
    expect(spanPx(2, 1210)).toBe(597); // 1/2 of 1210 minus 8
    expect(spanPx(0, 1210)).toBe(1210 / 4 - 12);
    // two halves and a gap fill the row; so do 1/3 + 2/3 and 1/4 + 3/4
    expect(spanPx(2, 1210) * 2 + 16).toBe(1210);
    expect(spanPx(1, 1210) + spanPx(3, 1210) + 16).toBeCloseTo(1210);
    expect(spanPx(0, 1210) + spanPx(4, 1210) + 16).toBeCloseTo(1210);
  });

  it('snaps a dragged width to the nearest span', () => {
    expect(nearestSpan(10, 1210)).toBe(0);
    expect(nearestSpan(300, 1210)).toBe(0);
    expect(nearestSpan(395, 1210)).toBe(1);
    expect(nearestSpan(0.52 * 1210, 1210)).toBe(2);
    expect(nearestSpan(800, 1210)).toBe(3);
    expect(nearestSpan(900, 1210)).toBe(4);
    expect(nearestSpan(1150, 1210)).toBe(5);
    expect(nearestSpan(5000, 1210)).toBe(5);
    // on a narrower row (small window) the same fractions apply
    expect(nearestSpan(400, 800)).toBe(2);
  });
});
