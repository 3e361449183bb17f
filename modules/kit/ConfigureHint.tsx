/**
 * The configure link of an empty panel in edit mode (spec 1 §2 'Empty-state widget'): a link-styled
 * button that opens a console page in a new tab (a button, because the editor makes anchors inert).
 */
import type { ReactNode } from 'react';
import { UiButton } from './ui';

/** `children` is the prompt; clicking opens `href` in a new tab. */
export function ConfigureHint({ href, children }: { href: string; children: ReactNode }) {
  return (
    <UiButton
      variant="link"
      size="small"
      className="atr-p-hint__action"
      style={{ whiteSpace: 'normal', height: 'auto' }}
      onClick={() => {
        window.open(href, '_blank', 'noopener');
      }}
    >
      {children}
    </UiButton>
  );
}
