/** The editor's template edits (app/console/editor/template.ts). */
import { describe, expect, it } from 'vitest';
import type { HomeConfig, ModuleConfig } from '@common/homeConfig';
import { applyTemplateAction, summaryOf, upsertModule, withTemplate } from './template';

const mod = (id: string, alias = id, span = 1): ModuleConfig => ({ id, type: 'scholar', alias, span });
const ids = (t: ModuleConfig[]) => t.map((m) => m.id);

describe('editor template edits', () => {
  it('appends a created module and replaces an edited one in place', () => {
    const t = [mod('a'), mod('b')];
    expect(upsertModule(t, mod('c'), 'create').map((m) => m.id)).toEqual(['a', 'b', 'c']);
    const edited = upsertModule(t, mod('a', '新标题'), 'edit');
    expect(edited.map((m) => [m.id, m.alias])).toEqual([
      ['a', '新标题'],
      ['b', 'b'],
    ]);
    expect(t[0].alias).toBe('a');
  });

  it('gives a created module a fresh id when it has none or collides', () => {
    const t = [mod('a')];
    const out = upsertModule(t, mod('a'), 'create');
    expect(out).toHaveLength(2);
    expect(out[1].id).not.toBe('a');
    expect(upsertModule(t, mod(''), 'create')[1].id).toMatch(/^m/);
  });

  it('replaces only the home entry template and creates one for an empty config', () => {
    const cfg: HomeConfig = [
      { page: 'about', template: [mod('x')], style: 'card', groups: {} },
      { page: 'home', template: [mod('a')], style: 'line', groups: {} },
    ];
    const out = withTemplate(cfg, [mod('b')]);
    expect(out[0].template.map((m) => m.id)).toEqual(['x']);
    expect(out[1]).toMatchObject({ page: 'home', style: 'line' });
    expect(out[1].template.map((m) => m.id)).toEqual(['b']);
    expect(withTemplate([], [mod('z')])).toEqual([{ page: 'home', template: [mod('z')], style: 'card', groups: {} }]);
  });
});

describe('the template reducer', () => {
  const t = [mod('a', '通知公告'), mod('b', '新闻'), mod('c', '学者')];

  it('adds, replaces, removes, moves, resizes and replaces all', () => {
    expect(ids(applyTemplateAction(t, { type: 'add', module: mod('d') }))).toEqual(['a', 'b', 'c', 'd']);
    expect(applyTemplateAction(t, { type: 'replace', module: mod('b', '要闻') })[1].alias).toBe('要闻');
    expect(ids(applyTemplateAction(t, { type: 'remove', id: 'b' }))).toEqual(['a', 'c']);
    expect(ids(applyTemplateAction(t, { type: 'move', id: 'a', over: 'c' }))).toEqual(['b', 'c', 'a']);
    expect(ids(applyTemplateAction(t, { type: 'move', id: 'c', over: 'a' }))).toEqual(['c', 'a', 'b']);
    expect(applyTemplateAction(t, { type: 'resize', id: 'c', span: 4 })[2].span).toBe(4);
    expect(applyTemplateAction(t, { type: 'resize', id: 'c', span: 9 })[2].span).toBe(5);
    expect(ids(applyTemplateAction(t, { type: 'replaceAll', template: [mod('z')] }))).toEqual(['z']);
  });

  it('keeps untouched modules as the same objects and the input unchanged', () => {
    const out = applyTemplateAction(t, { type: 'resize', id: 'b', span: 3 });
    expect(out[0]).toBe(t[0]);
    expect(out[2]).toBe(t[2]);
    expect(out[1]).not.toBe(t[1]);
    expect(t[1].span).toBe(1);
    const added = applyTemplateAction(t, { type: 'add', module: mod('d') });
    expect(added.slice(0, 3).every((m, i) => m === t[i])).toBe(true);
  });

  it('returns the same template for a no-op (unknown id, same place, same span)', () => {
    expect(applyTemplateAction(t, { type: 'remove', id: 'nope' })).toBe(t);
    expect(applyTemplateAction(t, { type: 'move', id: 'a', over: 'a' })).toBe(t);
    expect(applyTemplateAction(t, { type: 'move', id: 'a', over: 'nope' })).toBe(t);
    expect(applyTemplateAction(t, { type: 'resize', id: 'a', span: 1 })).toBe(t);
    expect(applyTemplateAction(t, { type: 'replace', module: mod('nope') })).toBe(t);
  });

  it('describes each edit in Chinese for the revision list', () => {
    expect(summaryOf(t, { type: 'add', module: mod('d', '通知公告') })).toBe('添加模块「通知公告」');
    expect(summaryOf(t, { type: 'remove', id: 'c' })).toBe('删除模块「学者」');
    expect(summaryOf(t, { type: 'replace', module: mod('b', '要闻') })).toBe('修改模块「要闻」');
    expect(summaryOf(t, { type: 'move', id: 'b', over: 'a' })).toBe('调整顺序：「新闻」');
    expect(summaryOf(t, { type: 'resize', id: 'a', span: 2 })).toBe('调整宽度：「通知公告」 1/3 → 1/2');
    expect(summaryOf(t, { type: 'add', module: mod('x', '长'.repeat(300)) })).toHaveLength(200);
  });
});
