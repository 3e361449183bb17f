/** The editor's edits of modules nested in flex slots (app/console/editor/nested.ts). */
import { describe, expect, it } from 'vitest';
import type { ModuleConfig } from '@common/homeConfig';
import { allModuleIds, findNested, insertNested, removeNested, replaceNested } from './nested';

const mod = (id: string, alias = id): ModuleConfig => ({ id, type: 'notice', alias, span: 1 });
const flex = (): ModuleConfig => ({
  id: 'f',
  type: 'flex',
  alias: '布局组件',
  span: 5,
  componentNumber: 2,
  components: [
    { id: 's1', type: 'div', modules: [mod('a')] },
    { id: 's2', type: 'div', modules: [] },
  ],
});
const slotIds = (t: ModuleConfig[], slot: number) => (t[1].components as Array<{ modules: ModuleConfig[] }>)[slot].modules.map((m) => m.id);

describe('nested module edits', () => {
  const template = [mod('top'), flex()];

  it('inserts into the right slot only, without touching the input', () => {
    const out = insertNested(template, 'f', 's2', mod('b'));
    expect(slotIds(out, 0)).toEqual(['a']);
    expect(slotIds(out, 1)).toEqual(['b']);
    expect(slotIds(template, 1)).toEqual([]);
  });

  it('gives an inserted module a fresh id when its id is used anywhere (top level or nested)', () => {
    for (const used of ['top', 'a', '']) {
      const out = insertNested(template, 'f', 's2', mod(used));
      const id = slotIds(out, 1)[0];
      expect(id).not.toBe(used);
      expect(allModuleIds(template).has(id)).toBe(false);
    }
  });

  it('replaces and removes by id within the slot; finds a nested module', () => {
    const replaced = replaceNested(template, 'f', 's1', mod('a', '新标题'));
    expect(findNested(replaced, 'f', 's1', 'a')?.alias).toBe('新标题');
    expect(findNested(template, 'f', 's1', 'a')?.alias).toBe('a');
    expect(slotIds(removeNested(template, 'f', 's1', 'a'), 0)).toEqual([]);
  });

  it('leaves the template as it was for an unknown flex or slot', () => {
    expect(insertNested(template, 'nope', 's1', mod('b'))).toEqual(template);
    expect(insertNested(template, 'f', 'nope', mod('b'))).toEqual(template);
  });
});
