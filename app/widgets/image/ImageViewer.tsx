/**
 * The image viewer overlay (spec 1 §2, spec 2 §2 'Image viewer', §4, §9), on antd's Image.PreviewGroup
 * preview (portal, mask, close button, focus trap, scroll lock, counter) with our own transform
 * (viewerState.ts), side arrows and toolbar (antd's arrows stop at the ends; ours wrap around): previous/next (wrapping), zoom out/in (0.2; wheel 0.015; out
 * only above 0.2), contain/original size, rotate left/right by 90°. Keys: Escape closes, Space toggles
 * the size mode, Left/Right change image wrapping around, Up/Down zoom. z-index 2000.
 */
import { useEffect, useReducer } from 'react';
import { Image, Tooltip } from 'antd';
import {
  CompressOutlined,
  ExpandOutlined,
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { MSG } from '@common/messages';
import { VIEWER_MIN_SCALE, VIEWER_Z_INDEX } from '@common/constants';
import { initialViewer, keyAction, transformCss, viewerReducer } from './viewerState';
import './image.css';
import { useLatest } from '@modules/kit/useLatest';

/** One image of the viewer: its address and alternative text. */
export interface ViewerImage {
  src: string;
  alt?: string;
}

export interface ImageViewerProps {
  /** the preview list; a plain string is an address */
  images: Array<string | ViewerImage>;
  open: boolean;
  /** the image to open on (0-based) */
  index?: number;
  onClose: () => void;
  /** told when the shown image changes */
  onIndexChange?: (index: number) => void;
}

const asImage = (i: string | ViewerImage): ViewerImage => (typeof i === 'string' ? { src: i } : i);

/** The controlled viewer: shown while `open`, closing through `onClose` (Escape, mask, close button). */
export function ImageViewer({ images, open, index = 0, onClose, onIndexChange }: ImageViewerProps) {
  const list = images.map(asImage);
  const [state, dispatch] = useReducer(viewerReducer, initialViewer(index, list.length));
  const closeRef = useLatest(onClose);

  // opening (again) starts on the asked image with a fresh transform
  useEffect(() => {
    if (open) dispatch({ type: 'open', index, count: list.length });
  }, [open, index, list.length]);

  useEffect(() => {
    if (open) onIndexChange?.(state.index);
  }, [state.index]); // eslint-disable-line react-hooks/exhaustive-deps

  // Our keys run in the capture phase and stop there, so antd's own Left/Right (no wrap) do not also run.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      const a = keyAction(e.key);
      if (!a || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      e.stopPropagation();
      if (a === 'close') closeRef.current();
      else dispatch(a);
    };
    // Space on a focused toolbar button would also click it on key up
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [open, closeRef]);

  if (list.length === 0) return null;
  const current = list[state.index] ?? list[0];
  const many = list.length > 1;
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label} zIndex={VIEWER_Z_INDEX + 1}>
      <button type="button" className="atr-viewer__tool" aria-label={label} disabled={disabled} onClick={onClick}>
        {icon}
      </button>
    </Tooltip>
  );

  return (
    <Image.PreviewGroup
      items={list.map((i) => ({ src: i.src, alt: i.alt ?? '' }))}
      classNames={{ popup: { root: 'atr-viewer' } }}
      preview={{
        open,
        current: state.index,
        zIndex: VIEWER_Z_INDEX,
        movable: false,
        wheel: false,
        onOpenChange: (next) => {
          if (!next) closeRef.current();
        },
        onChange: (cur) => dispatch({ type: 'show', index: cur }),
        countRender: (cur, total) => `${cur} / ${total}`,
        imageRender: () => (
          <div
            className={`atr-viewer__stage atr-viewer__stage--${state.mode}`}
            onWheel={(e) => dispatch({ type: 'wheel', deltaY: e.deltaY })}
            data-testid="viewer-stage"
          >
            {many && (
              <button
                type="button"
                className="atr-viewer__side atr-viewer__side--prev"
                aria-label={MSG.viewerPrev}
                onClick={() => dispatch({ type: 'go', offset: -1 })}
              >
                <LeftOutlined />
              </button>
            )}
            <img
              className="atr-viewer__img"
              src={current.src}
              alt={current.alt ?? MSG.loadFailed}
              draggable={false}
              data-mode={state.mode}
              data-scale={state.scale}
              data-rotate={state.rotate}
              data-index={state.index}
              style={{ transform: transformCss(state) }}
            />
            {many && (
              <button
                type="button"
                className="atr-viewer__side atr-viewer__side--next"
                aria-label={MSG.viewerNext}
                onClick={() => dispatch({ type: 'go', offset: 1 })}
              >
                <RightOutlined />
              </button>
            )}
          </div>
        ),
        actionsRender: () => (
          <div className="atr-viewer__toolbar" role="toolbar">
            {many && tool(MSG.viewerPrev, <LeftOutlined />, () => dispatch({ type: 'go', offset: -1 }))}
            {tool(MSG.viewerZoomOut, <ZoomOutOutlined />, () => dispatch({ type: 'zoomOut' }), state.scale <= VIEWER_MIN_SCALE)}
            {tool(MSG.viewerZoomIn, <ZoomInOutlined />, () => dispatch({ type: 'zoomIn' }))}
            {state.mode === 'contain'
              ? tool(MSG.viewerOriginal, <ExpandOutlined />, () => dispatch({ type: 'toggleMode' }))
              : tool(MSG.viewerContain, <CompressOutlined />, () => dispatch({ type: 'toggleMode' }))}
            {tool(MSG.viewerRotateLeft, <RotateLeftOutlined />, () => dispatch({ type: 'rotateLeft' }))}
            {tool(MSG.viewerRotateRight, <RotateRightOutlined />, () => dispatch({ type: 'rotateRight' }))}
            {many && tool(MSG.viewerNext, <RightOutlined />, () => dispatch({ type: 'go', offset: 1 }))}
            <span className="atr-viewer__scale" aria-live="polite">
              {Math.round(state.scale * 100)}%
            </span>
          </div>
        ),
      }}
    />
  );
}
