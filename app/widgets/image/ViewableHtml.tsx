/**
 * Rich text whose pictures open the spec's image viewer (spec 2 §2 'Image viewer', §9; docs/decisions.md
 * 432): the HTML the server sanitised when it was saved, put into the page as it is, and a click on one of
 * its images opens {@link ImageViewer} over all images of that text, in document order, on the one
 * clicked. The list is read from the rendered text at the click, so the server renders the text alone
 * (no viewer, no DOM parsing) and hydration finds the very same markup. The viewer's code (antd's Image
 * among it) is loaded at the first click, so a page of text costs no more script than one without.
 */
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import type { ViewerImage } from './ImageViewer';
import './image.css';

/** The viewer, loaded when a reader first opens an image. */
const ImageViewer = lazy(() => import('./ImageViewer').then((m) => ({ default: m.ImageViewer })));

export interface ViewableHtmlProps {
  /** HTML sanitised by the server (server/content/sanitize.ts); nothing else may be passed */
  html: string;
  className?: string;
}

/** The rich text with its images viewable; see the file comment. */
export function ViewableHtml({ html, className }: ViewableHtmlProps) {
  const [viewer, setViewer] = useState<{ images: ViewerImage[]; index: number; open: boolean }>({ images: [], index: 0, open: false });

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.tagName !== 'IMG') return;
    // an image inside a link follows the link
    if (target.closest('a')) return;
    const all = [...e.currentTarget.querySelectorAll('img')].filter((i) => !i.closest('a') && i.getAttribute('src'));
    const index = all.indexOf(target as HTMLImageElement);
    if (index < 0) return;
    setViewer({ images: all.map((i) => ({ src: i.getAttribute('src') ?? '', alt: i.getAttribute('alt') ?? '' })), index, open: true });
  };

  return (
    <>
      {/* server-sanitised HTML only */}
      <div className={`atr-viewable-html${className ? ` ${className}` : ''}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {viewer.images.length > 0 && (
        <Suspense fallback={null}>
          <ImageViewer images={viewer.images} open={viewer.open} index={viewer.index} onClose={() => setViewer((v) => ({ ...v, open: false }))} />
        </Suspense>
      )}
    </>
  );
}
