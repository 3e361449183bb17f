/** 仅登录可见 modules (common/visibility.ts; docs/decisions.md 210-212). */
import { describe, expect, it } from 'vitest';
import type { HomeConfig } from './homeConfig';
import { moduleBase } from './homeConfigSchema';
import { isLoginOnly, loginOnlyModuleIds, moduleVisibility, visibleHomeConfig } from './visibility';

const mod = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'notice', alias: id, span: 1, ...extra }) as never;
const flex = (id: string, nested: unknown[], extra: Record<string, unknown> = {}) =>
  ({
    id,
    type: 'flex',
    alias: id,
    span: 5,
    components: [
      { id: 's1', modules: nested },
      { id: 's2', modules: [] },
    ],
    ...extra,
  }) as never;

const config = (): HomeConfig => [
  {
    page: 'home',
    style: 'fullScreen',
    template: [
      mod('open', { groupId: 'group-a' }),
      mod('secret', { loginOnly: true, groupId: 'group-b' }),
      flex('box', [mod('inner-open'), mod('inner-secret', { loginOnly: true })]),
      flex('locked-box', [mod('under-locked')], { loginOnly: true }),
    ],
    groups: { 'group-a': { backgroundColor: 'white' }, 'group-b': { backgroundColor: 'grey', description: '会员专区' } },
  },
  { page: 'other', style: 'card', template: [mod('elsewhere', { loginOnly: true })], groups: {} },
];

describe('loginOnly in the common module fields', () => {
  it('is an optional boolean', () => {
    const base = { id: 'm1', type: 'notice', alias: '通知', span: 1 };
    expect(moduleBase.parse({ ...base, loginOnly: true }).loginOnly).toBe(true);
    expect(moduleBase.parse(base).loginOnly).toBeUndefined();
    expect(moduleBase.safeParse({ ...base, loginOnly: 'yes' }).success).toBe(false);
  });
});

describe('loginOnlyModuleIds and moduleVisibility', () => {
  it('lists the marked modules, those nested in a marked container, on every page', () => {
    expect([...loginOnlyModuleIds(config())].sort()).toEqual(['elsewhere', 'inner-secret', 'locked-box', 'secret', 'under-locked']);
    expect(isLoginOnly(mod('x', { loginOnly: true }))).toBe(true);
    expect(isLoginOnly(mod('x', { loginOnly: false }))).toBe(false);
  });
  it('tells a public, a marked and an unknown module apart', () => {
    const cfg = config();
    expect(moduleVisibility(cfg, 'open')).toBe('public');
    expect(moduleVisibility(cfg, 'inner-open')).toBe('public');
    expect(moduleVisibility(cfg, 'secret')).toBe('loginOnly');
    expect(moduleVisibility(cfg, 'under-locked')).toBe('loginOnly');
    expect(moduleVisibility(cfg, 'elsewhere')).toBe('loginOnly');
    expect(moduleVisibility(cfg, 'gone')).toBeUndefined();
  });
});

describe('visibleHomeConfig', () => {
  it('leaves out marked modules, nested ones and the groups nobody uses any more; the input is unchanged', () => {
    const cfg = config();
    const before = JSON.stringify(cfg);
    const out = visibleHomeConfig(cfg);
    expect(JSON.stringify(cfg)).toBe(before);
    expect(out[0].template.map((m) => m.id)).toEqual(['open', 'box']);
    const box = out[0].template[1] as unknown as { components: Array<{ id: string; modules: Array<{ id: string }> }> };
    expect(box.components.map((s) => s.modules.map((m) => m.id))).toEqual([['inner-open'], []]);
    expect(Object.keys(out[0].groups)).toEqual(['group-a']);
    expect(JSON.stringify(out)).not.toContain('会员专区');
    expect(out[1].template).toEqual([]);
  });
  it('returns a config without marked modules as it is', () => {
    const cfg: HomeConfig = [{ page: 'home', style: 'card', template: [mod('a'), mod('b', { loginOnly: false })], groups: {} }];
    expect(visibleHomeConfig(cfg)[0]).toBe(cfg[0]);
  });
});
