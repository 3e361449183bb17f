import { describe, expect, it } from 'vitest';
import { initialViewer, keyAction, transformCss, viewerReducer, VIEWER_MAX_SCALE, type ViewerAction, type ViewerState } from './viewerState';

const run = (s: ViewerState, ...actions: ViewerAction[]) => actions.reduce(viewerReducer, s);

describe('image viewer state (spec 2 §4, §9)', () => {
  it('starts at scale 1, contain mode, no rotation', () => {
    expect(initialViewer(2, 5)).toEqual({ index: 2, count: 5, mode: 'contain', scale: 1, rotate: 0 });
    expect(initialViewer(7, 5).index).toBe(2);
  });

  it('buttons zoom by 0.2, the wheel by 0.015', () => {
    const s = initialViewer(0, 1);
    expect(run(s, { type: 'zoomIn' }).scale).toBe(1.2);
    expect(run(s, { type: 'zoomOut' }).scale).toBe(0.8);
    expect(run(s, { type: 'wheel', deltaY: -100 }).scale).toBe(1.015);
    expect(run(s, { type: 'wheel', deltaY: 100 }).scale).toBe(0.985);
    expect(run(s, { type: 'wheel', deltaY: 0 }).scale).toBe(1);
  });

  it('zooms out only while the scale is above 0.2', () => {
    const out = (n: number) => Array.from({ length: n }, () => ({ type: 'zoomOut' }) as const);
    const s = run(initialViewer(), ...out(4));
    expect(s.scale).toBe(0.2);
    expect(run(s, { type: 'zoomOut' }).scale).toBe(0.2);
    expect(run(s, { type: 'wheel', deltaY: 1 }).scale).toBe(0.2);
    // 0.21 is above 0.2: one more wheel step is allowed
    const near = { ...s, scale: 0.21 };
    expect(run(near, { type: 'wheel', deltaY: 1 }).scale).toBe(0.195);
    expect(run({ ...s, scale: VIEWER_MAX_SCALE }, { type: 'zoomIn' }).scale).toBe(VIEWER_MAX_SCALE);
  });

  it('rotates by 90 degrees both ways', () => {
    expect(run(initialViewer(), { type: 'rotateRight' }, { type: 'rotateRight' }).rotate).toBe(180);
    expect(run(initialViewer(), { type: 'rotateLeft' }).rotate).toBe(-90);
    expect(transformCss({ scale: 1.2, rotate: -90 })).toBe('scale(1.2) rotate(-90deg)');
  });

  it('changing image wraps around and resets the transform', () => {
    const s = run(initialViewer(2, 3), { type: 'zoomIn' }, { type: 'rotateRight' });
    const next = viewerReducer(s, { type: 'go', offset: 1 });
    expect(next).toMatchObject({ index: 0, scale: 1, rotate: 0 });
    expect(viewerReducer(initialViewer(0, 3), { type: 'go', offset: -1 }).index).toBe(2);
    expect(viewerReducer(initialViewer(0, 1), { type: 'go', offset: 1 }).index).toBe(0);
    expect(viewerReducer({ ...initialViewer(0, 3), scale: 2 }, { type: 'show', index: 1 })).toMatchObject({ index: 1, scale: 1 });
  });

  it('toggling the size mode resets the transform', () => {
    const s = run(initialViewer(), { type: 'zoomIn' }, { type: 'rotateLeft' }, { type: 'toggleMode' });
    expect(s).toMatchObject({ mode: 'original', scale: 1, rotate: 0 });
    expect(viewerReducer(s, { type: 'toggleMode' }).mode).toBe('contain');
  });

  it('maps the keys of spec 2 §2', () => {
    expect(keyAction('Escape')).toBe('close');
    expect(keyAction(' ')).toEqual({ type: 'toggleMode' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'go', offset: -1 });
    expect(keyAction('ArrowRight')).toEqual({ type: 'go', offset: 1 });
    expect(keyAction('ArrowUp')).toEqual({ type: 'zoomIn' });
    expect(keyAction('ArrowDown')).toEqual({ type: 'zoomOut' });
    expect(keyAction('a')).toBeNull();
  });
});
