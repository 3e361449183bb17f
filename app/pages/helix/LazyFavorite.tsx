/**
 * The 收藏 button (FavoriteButton), loaded in the browser only once the detail page is shown: its chunk
 * stays out of the page's own scripts and the server's render, as the comments do (decision 565).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FavoriteProps } from './FavoriteButton';

const FavoriteButton = lazy(() => import('./FavoriteButton'));

/** See the file comment. */
export function LazyFavorite(props: FavoriteProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <FavoriteButton {...props} />
    </Suspense>
  );
}
