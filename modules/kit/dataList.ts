/**
 * The data-list request of notice and resource panels in edit mode (spec 1 §2 'Notice and resource
 * panels also have a data-list button'; 'Empty-state widget: for notice and resource it raises an event
 * instead of navigating'). The panel raises a window CustomEvent; the editor's DataListHost
 * (app/console/content/DataListHost.tsx) opens the list dialog of that module.
 */

/** The event's name. */
export const DATA_LIST_EVENT = 'atrium:data-list';

/** The event's detail: the module whose items to list, and its type ('notice' or 'resource'). */
export interface DataListDetail {
  moduleId: string;
  type: string;
}

/** Raises the data-list event for a module (no-op outside a browser). */
export function raiseDataList(moduleId: string, type: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<DataListDetail>(DATA_LIST_EVENT, { detail: { moduleId, type } }));
}
