/**
 * The image viewer's state as a pure reducer (spec 2 §2 'Image viewer', §4, §9): which image, the size
 * mode (contain the window, or original pixels), scale and rotation. Scale starts at 1, buttons step
 * 0.2, the wheel 0.015; zooming out is allowed only while the scale is above 0.2; rotation steps 90°;
 * any mode or image change resets the transform. Keys: Escape closes, Space toggles the mode, Left and
 * Right change image wrapping around, Up and Down zoom.
 */
import { VIEWER_MIN_SCALE, VIEWER_ROTATE_STEP, VIEWER_WHEEL_STEP, VIEWER_ZOOM_STEP } from '@common/constants';

export type SizeMode = 'contain' | 'original';

export interface ViewerState {
  /** index of the shown image, 0-based */
  index: number;
  count: number;
  mode: SizeMode;
  scale: number;
  /** degrees, multiples of 90 (may go below 0 or past 360) */
  rotate: number;
}

/** Largest scale (spec silent; docs/decisions.md 85). */
export const VIEWER_MAX_SCALE = 10;

export type ViewerAction =
  | { type: 'open'; index: number; count: number }
  | { type: 'go'; offset: number }
  | { type: 'show'; index: number }
  | { type: 'zoomIn'; step?: number }
  | { type: 'zoomOut'; step?: number }
  /** a wheel turn: deltaY < 0 zooms in, > 0 zooms out, by the wheel step */
  | { type: 'wheel'; deltaY: number }
  | { type: 'rotateLeft' }
  | { type: 'rotateRight' }
  | { type: 'toggleMode' };

const round = (n: number) => Math.round(n * 1000) / 1000;
const fresh = { scale: 1, rotate: 0 };

/** The state of a viewer opened on image `index` of `count`. */
export function initialViewer(index = 0, count = 1): ViewerState {
  const n = Math.max(1, count);
  return { index: ((index % n) + n) % n, count: n, mode: 'contain', ...fresh };
}

/** Next state for an action (see the module comment for the rules). */
export function viewerReducer(s: ViewerState, a: ViewerAction): ViewerState {
  switch (a.type) {
    case 'open':
      return initialViewer(a.index, a.count);
    case 'go': {
      if (s.count <= 1) return { ...s, ...fresh };
      const index = (((s.index + a.offset) % s.count) + s.count) % s.count;
      return { ...s, index, ...fresh };
    }
    case 'show':
      return a.index === s.index ? s : { ...s, index: Math.min(Math.max(0, a.index), s.count - 1), ...fresh };
    case 'zoomIn':
      return { ...s, scale: Math.min(VIEWER_MAX_SCALE, round(s.scale + (a.step ?? VIEWER_ZOOM_STEP))) };
    case 'zoomOut':
      return s.scale > VIEWER_MIN_SCALE ? { ...s, scale: round(s.scale - (a.step ?? VIEWER_ZOOM_STEP)) } : s;
    case 'wheel':
      if (a.deltaY < 0) return viewerReducer(s, { type: 'zoomIn', step: VIEWER_WHEEL_STEP });
      if (a.deltaY > 0) return viewerReducer(s, { type: 'zoomOut', step: VIEWER_WHEEL_STEP });
      return s;
    case 'rotateLeft':
      return { ...s, rotate: s.rotate - VIEWER_ROTATE_STEP };
    case 'rotateRight':
      return { ...s, rotate: s.rotate + VIEWER_ROTATE_STEP };
    case 'toggleMode':
      return { ...s, mode: s.mode === 'contain' ? 'original' : 'contain', ...fresh };
  }
}

/** What a key does in the open viewer: a reducer action, 'close', or null when the key is not ours. */
export function keyAction(key: string): ViewerAction | 'close' | null {
  switch (key) {
    case 'Escape':
    case 'Esc':
      return 'close';
    case ' ':
    case 'Spacebar':
      return { type: 'toggleMode' };
    case 'ArrowLeft':
    case 'Left':
      return { type: 'go', offset: -1 };
    case 'ArrowRight':
    case 'Right':
      return { type: 'go', offset: 1 };
    case 'ArrowUp':
    case 'Up':
      return { type: 'zoomIn' };
    case 'ArrowDown':
    case 'Down':
      return { type: 'zoomOut' };
    default:
      return null;
  }
}

/** The CSS transform of the shown image. */
export function transformCss(s: Pick<ViewerState, 'scale' | 'rotate'>): string {
  return `scale(${s.scale}) rotate(${s.rotate}deg)`;
}
