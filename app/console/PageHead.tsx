/**
 * The head of a console page: its title (h2) and an optional hint on the left, the page's actions
 * (search, 新建 …) on the right.
 */
import type { ReactNode } from 'react';

/** See the file comment. `children` are the actions. */
export function PageHead({ title, hint, children }: { title: ReactNode; hint?: ReactNode; children?: ReactNode }) {
  return (
    <div className="atr-page-head">
      <div>
        <h2 className="atr-page-head__title">{title}</h2>
        {hint ? <div className="atr-muted">{hint}</div> : null}
      </div>
      {children}
    </div>
  );
}
