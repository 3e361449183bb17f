/**
 * Images of panel items with graceful fallbacks (spec 1 §3 'Listing items': any field may be missing):
 * a cover or logo that is missing or fails to load becomes a neutral CSS placeholder with the item's
 * initial, an avatar becomes an initial-letter circle.
 */
import { useState, type CSSProperties } from 'react';
import { hueOf, initialOf } from './format';

export interface ThumbProps {
  /** image address; empty, null or a failing image shows the placeholder */
  src?: unknown;
  /** the item's name: alt text, placeholder initial and colour */
  label: string;
  /** 'round' for avatars, 'rect' for covers and logos */
  shape?: 'round' | 'rect';
  /** how the image fills its box: cover (photos, covers) or contain (logos) */
  fit?: 'cover' | 'contain';
  className?: string;
  style?: CSSProperties;
  /**
   * the image is likely the largest thing in the first view (a carousel's first slide): fetched at once
   * with high priority instead of lazily, so the page's largest paint does not wait for it
   */
  priority?: boolean;
}

/**
 * An image box (size set by the caller's class or style) that falls back to a placeholder: a soft
 * gradient with the initial for rectangles, a coloured circle with a white initial for avatars.
 */
export function Thumb({ src, label, shape = 'rect', fit = 'cover', className, style, priority = false }: ThumbProps) {
  const url = typeof src === 'string' ? src.trim() : '';
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const ok = url !== '' && failedUrl !== url;
  const cls = `atr-p-thumb atr-p-thumb--${shape}${className ? ` ${className}` : ''}`;
  if (ok) {
    return (
      <span className={cls} style={style}>
        <img
          src={url}
          alt={label}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          style={{ objectFit: fit }}
          onError={() => setFailedUrl(url)}
        />
      </span>
    );
  }
  return (
    <span className={`${cls} atr-p-thumb--ph`} style={{ ...style, ['--atr-p-hue' as string]: hueOf(label) }} role="img" aria-label={label}>
      <span className="atr-p-thumb__initial" aria-hidden>
        {initialOf(label)}
      </span>
    </span>
  );
}
