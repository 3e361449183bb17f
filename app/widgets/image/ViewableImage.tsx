/**
 * The image component (spec 1 §2, spec 2 §2, §8): a placeholder while loading, 加载失败 on failure (and
 * `onError`), and a click opens the image viewer when a preview list exists.
 */
import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ImageViewer, type ViewerImage } from './ImageViewer';
import './image.css';

export interface ViewableImageProps {
  src: string;
  alt?: string;
  /** px or CSS length */
  width?: number | string;
  height?: number | string;
  /** how the picture fills its box (default cover) */
  fit?: 'cover' | 'contain';
  /** the viewer's list; the viewer opens on this image (or the first) when clicked */
  previewList?: Array<string | ViewerImage>;
  className?: string;
  /** told when the picture cannot be loaded */
  onError?: () => void;
}

/** An image with loading and failure states, opening the viewer on click when `previewList` is set. */
export function ViewableImage({ src, alt = '', width, height, fit = 'cover', previewList, className, onError }: ViewableImageProps) {
  const [status, setStatus] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [loadedSrc, setLoadedSrc] = useState(src);
  const [open, setOpen] = useState(false);
  if (loadedSrc !== src) {
    setLoadedSrc(src);
    setStatus('loading');
  }
  const canPreview = !!previewList?.length && status !== 'error';
  const start = Math.max(0, previewList?.findIndex((p) => (typeof p === 'string' ? p : p.src) === src) ?? 0);
  return (
    <span
      className={`atr-image atr-image--${status}${canPreview ? ' atr-image--clickable' : ''}${className ? ` ${className}` : ''}`}
      style={{ width, height }}
      onClick={canPreview ? () => setOpen(true) : undefined}
      role={canPreview ? 'button' : undefined}
      tabIndex={canPreview ? 0 : undefined}
      onKeyDown={
        canPreview
          ? (e) => {
              if (e.key === 'Enter') setOpen(true);
            }
          : undefined
      }
      aria-label={canPreview ? `${MSG.preview} ${alt}`.trim() : undefined}
    >
      {status === 'loading' && (
        <span className="atr-image__placeholder" aria-label={MSG.loading}>
          <PictureOutlined />
        </span>
      )}
      {status === 'error' ? (
        <span className="atr-image__error">{MSG.loadFailed}</span>
      ) : (
        <img
          src={src}
          alt={alt}
          className="atr-image__img"
          style={{ objectFit: fit }}
          onLoad={() => setStatus('loaded')}
          onError={() => {
            setStatus('error');
            onError?.();
          }}
        />
      )}
      {canPreview && <ImageViewer images={previewList} open={open} index={start} onClose={() => setOpen(false)} />}
    </span>
  );
}
