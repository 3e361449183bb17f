/** The editor's template edits (app/console/editor/template.ts). */
import { describe, expect, it } from 'vitest';
import type { HomeConfig, ModuleConfig } from '@common/homeConfig';
import { upsertModule, withTemplate } from './template';

const mod = (id: string, alias = id): ModuleConfig => ({ id, type: 'scholar', alias, span: 1 }) as ModuleConfig;

describe('editor template edits', () => {
  it('appends a created module and replaces an edited one in place', () => {
    const t = [mod('a'), mod('b')];
    expect(upsertModule(t, mod('c'), 'create').map((m) => m.id)).toEqual(['a', 'b', 'c']);
    const edited = upsertModule(t, mod('a', '新标题'), 'edit');
    expect(edited.map((m) => [m.id, m.alias])).toEqual([['a', '新标题'], ['b', 'b']]);
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
