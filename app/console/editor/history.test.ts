/** Undo / redo history of the editor (app/console/editor/history.ts). */
import { describe, expect, it } from 'vitest';
import type { ModuleConfig } from '@common/homeConfig';
import {
  HISTORY_CAP,
  canRedo,
  canUndo,
  historyReducer,
  initHistory,
  pushHistory,
  redo,
  redoSummary,
  redoTarget,
  undo,
  undoSummary,
  undoTarget,
} from './history';

const mod = (id: string): ModuleConfig => ({ id, type: 'notice', alias: id, span: 1 });
const ids = (t: ModuleConfig[] | null) => t?.map((m) => m.id) ?? null;

describe('editor history', () => {
  it('undoes and redoes edits in order, and a new edit drops the redo branch', () => {
    const a = [mod('a')];
    const ab = [...a, mod('b')];
    const abc = [...ab, mod('c')];
    let h = initHistory(a);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = pushHistory(h, ab, '添加模块「b」');
    h = pushHistory(h, abc, '添加模块「c」');
    expect(ids(undoTarget(h))).toEqual(['a', 'b']);
    expect(undoSummary(h)).toBe('撤销：添加模块「c」');
    h = undo(h);
    expect(ids(h.present.template)).toEqual(['a', 'b']);
    expect(canRedo(h)).toBe(true);
    expect(ids(redoTarget(h))).toEqual(['a', 'b', 'c']);
    expect(redoSummary(h)).toBe('重做：添加模块「c」');
    h = undo(h);
    expect(ids(h.present.template)).toEqual(['a']);
    expect(canUndo(h)).toBe(false);
    expect(undoSummary(h)).toBe('撤销');
    h = redo(h);
    expect(ids(h.present.template)).toEqual(['a', 'b']);
    // a new edit after an undo forgets the redo branch
    h = pushHistory(h, [mod('z')], '替换');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
    expect(h.past.map((e) => ids(e.template))).toEqual([['a'], ['a', 'b']]);
  });

  it('never mutates the history it is given', () => {
    const h0 = initHistory([mod('a')]);
    const h1 = pushHistory(h0, [mod('b')], 'x');
    const snapshot = structuredClone(h1);
    undo(h1);
    redo(undo(h1));
    pushHistory(h1, [mod('c')], 'y');
    expect(h1).toEqual(snapshot);
    expect(h0.past).toEqual([]);
  });

  it(`keeps at most ${HISTORY_CAP} undo steps, dropping the oldest`, () => {
    let h = initHistory([mod('0')]);
    for (let i = 1; i <= HISTORY_CAP + 5; i++) h = pushHistory(h, [mod(String(i))], `第 ${i} 步`);
    expect(h.past).toHaveLength(HISTORY_CAP);
    expect(ids(h.past[0].template)).toEqual(['5']);
    let steps = 0;
    while (canUndo(h)) {
      h = undo(h);
      steps++;
    }
    expect(steps).toBe(HISTORY_CAP);
    expect(ids(h.present.template)).toEqual(['5']);
    expect(pushHistory(initHistory([]), [mod('a')], 'x', 2).past).toHaveLength(1);
  });

  it('ignores a commit of the same template and resets on reload', () => {
    const t = [mod('a')];
    const h = initHistory(t);
    expect(historyReducer(h, { kind: 'commit', template: t, summary: 'x' })).toBe(h);
    const h2 = historyReducer(h, { kind: 'commit', template: [mod('b')], summary: 'x' });
    expect(canUndo(h2)).toBe(true);
    const reset = historyReducer(h2, { kind: 'reset', template: [mod('c')] });
    expect(canUndo(reset)).toBe(false);
    expect(ids(reset.present.template)).toEqual(['c']);
    expect(ids(historyReducer(historyReducer(h2, { kind: 'undo' }), { kind: 'redo' }).present.template)).toEqual(['b']);
  });
});
