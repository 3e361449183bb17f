/**
 * The output's authors and 认领成果 (./OutputClaim.tsx), loaded in the browser only once the detail page
 * is shown: its chunk stays out of the page's own scripts and the server's render, as 收藏 does.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { OutputClaimProps } from './OutputClaim';

const OutputClaim = lazy(() => import('./OutputClaim'));

/** See the file comment. */
export function LazyOutputClaim(props: OutputClaimProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <OutputClaim {...props} />
    </Suspense>
  );
}
