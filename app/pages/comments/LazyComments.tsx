/**
 * The comments of a detail page, loaded in the browser only once the page is shown: their chunk
 * (CommentsSection, antd's form parts) stays out of the page's own scripts and the server's render, so
 * hydration is untouched and the home page never loads it (docs/decisions.md 565).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CommentsProps } from './CommentsSection';

const CommentsSection = lazy(() => import('./CommentsSection'));

/** See the file comment. */
export function LazyComments(props: CommentsProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CommentsSection {...props} />
    </Suspense>
  );
}
