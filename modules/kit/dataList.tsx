/**
 * The data-list button of notice and resource panels in edit mode (spec 1 §2 'Screens': "Notice and
 * resource panels also have a data-list button"; 'Empty-state widget': "For notice and resource it
 * raises an event instead of navigating"). The panel does not open the dialog itself: it raises the
 * window event `atrium:data-list` with `{ moduleId, type }` (docs/decisions.md #22), and the console's
 * notice and link list dialogs listen for it. Panels stay pure renderers: nothing is threaded through
 * the home grid or the editor.
 */
import type { ReactNode } from 'react';
import { UiButton } from './ui';
import { UnorderedListOutlined } from './icons';
import type { ModuleConfig } from '../../common/homeConfig.js';

/** Name of the window CustomEvent a data-list button raises. */
export const DATA_LIST_EVENT = 'atrium:data-list';

/** The label of the button (spec 1 §2 'data-list button'). */
export const DATA_LIST_LABEL = '数据列表';

/** What the event carries: the module whose items to manage and its type ('notice' or 'resource'). */
export interface DataListDetail {
  moduleId: string;
  type: string;
}

/**
 * Raises `atrium:data-list` on `window` with `{ moduleId, type }` of the module; does nothing outside a
 * browser. Returns the event (for tests), or null when there is no window.
 */
export function raiseDataList(module: { id: string; type: string }): CustomEvent<DataListDetail> | null {
  if (typeof window === 'undefined') return null;
  const ev = new CustomEvent<DataListDetail>(DATA_LIST_EVENT, { detail: { moduleId: module.id, type: module.type } });
  window.dispatchEvent(ev);
  return ev;
}

/** 数据列表: a small button for the panel's title bar in edit mode; raises the event on click. */
export function DataListButton({ module }: { module: Pick<ModuleConfig, 'id' | 'type'> }) {
  return (
    <UiButton
      size="small"
      variant="link"
      icon={<UnorderedListOutlined />}
      className="atr-p-datalist"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        raiseDataList(module);
      }}
    >
      {DATA_LIST_LABEL}
    </UiButton>
  );
}

/**
 * The edit-mode empty-state hint of notice and resource panels: `text` and an action button that raises
 * the data-list event (instead of navigating to the topic page).
 */
export function DataListHint({ module, text, action }: { module: Pick<ModuleConfig, 'id' | 'type'>; text: ReactNode; action: string }) {
  return (
    <>
      {text}
      <UiButton variant="link" size="small" className="atr-p-hint__action" onClick={() => raiseDataList(module)}>
        {action}
      </UiButton>
    </>
  );
}
