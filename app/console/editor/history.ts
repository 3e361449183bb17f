/**
 * Undo and redo of the editor session: a pure past / present / future
 * history of page templates. Each entry keeps the summary of the edit that produced it, so an undo can
 * be described (撤销：添加模块「通知公告」) in the revision list. The past is capped (HISTORY_CAP entries);
 * the oldest entries fall off. All functions return new objects and never mutate their input.
 */
import type { ModuleConfig } from '@common/homeConfig';

/** Most undo steps kept. */
export const HISTORY_CAP = 100;

/** One state of the template and the summary of the edit that led to it ('' for the loaded state). */
export interface HistoryEntry {
  template: ModuleConfig[];
  summary: string;
}

export interface History {
  past: HistoryEntry[];
  present: HistoryEntry;
  future: HistoryEntry[];
}

/** A history whose present is the loaded template. */
export function initHistory(template: ModuleConfig[]): History {
  return { past: [], present: { template, summary: '' }, future: [] };
}

/** Records a new present after an edit: the old present goes to the past (capped), the future is dropped. */
export function pushHistory(h: History, template: ModuleConfig[], summary: string, cap: number = HISTORY_CAP): History {
  if (template === h.present.template) return h;
  const past = [...h.past, h.present];
  return { past: past.length > cap ? past.slice(past.length - cap) : past, present: { template, summary }, future: [] };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

/** The template an undo would show, or null when there is nothing to undo. */
export const undoTarget = (h: History): ModuleConfig[] | null => h.past.at(-1)?.template ?? null;
/** The template a redo would show, or null when there is nothing to redo. */
export const redoTarget = (h: History): ModuleConfig[] | null => h.future[0]?.template ?? null;

/** Summary of the revision an undo saves: 撤销：<the undone edit>. */
export const undoSummary = (h: History) => (h.present.summary ? `撤销：${h.present.summary}` : '撤销');
/** Summary of the revision a redo saves: 重做：<the redone edit>. */
export const redoSummary = (h: History) => (h.future[0]?.summary ? `重做：${h.future[0].summary}` : '重做');

/** Steps one back: the present goes to the front of the future. Unchanged when there is no past. */
export function undo(h: History): History {
  const prev = h.past.at(-1);
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

/** Steps one forward. Unchanged when there is no future. */
export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}

/** Actions of the editor's history reducer. */
export type HistoryAction =
  { kind: 'reset'; template: ModuleConfig[] } | { kind: 'commit'; template: ModuleConfig[]; summary: string } | { kind: 'undo' } | { kind: 'redo' };

/** The reducer the editor runs (`useReducer(historyReducer, ...)`). */
export function historyReducer(h: History, a: HistoryAction): History {
  switch (a.kind) {
    case 'reset':
      return initHistory(a.template);
    case 'commit':
      return pushHistory(h, a.template, a.summary);
    case 'undo':
      return undo(h);
    case 'redo':
      return redo(h);
  }
}
