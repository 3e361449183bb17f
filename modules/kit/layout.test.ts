/**
 * Group templates (spec 1 §3 'groups', §4 'Group templates': create, join, leave and cleanup, bands)
 * and the empty-state widget (spec 1 §2, spec 2 §2: text, configure link by type, shown only when
 * editable, the data-list event for notice and resource).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModuleConfig, PageEntry } from '../../common/homeConfig';
import { DATA_LIST_EVENT, EmptyState, emptyActionOf, raiseDataListOf } from './EmptyState';
import { PanelStatus } from './PanelShell';
import { bandsOf, groupKeysOf, groupLabel, resolveGroupChoice, syncGroups, withSyncedGroups } from './groups';

const mod = (id: string, extra: Partial<ModuleConfig> = {}): ModuleConfig => ({ id, type: 'notice', alias: `模块${id}`, span: 1, ...extra });
const page = (template: ModuleConfig[], groups: PageEntry['groups'] = {}): PageEntry => ({ page: 'home', template, style: 'fullScreen', groups });

describe('group choice (spec 1 §4 Group templates)', () => {
  it('create gives a new group- id and drops the helper field', () => {
    const m = resolveGroupChoice({ ...mod('a'), groupChoice: 'create' as const }, page([]));
    expect(m.groupId).toMatch(/^group-[\w-]+$/);
    expect(m).not.toHaveProperty('groupChoice');
    const again = resolveGroupChoice({ ...mod('b'), groupChoice: 'create' as const }, page([]));
    expect(again.groupId).not.toBe(m.groupId);
  });

  it('join keeps an existing key, refuses a missing or unknown one', () => {
    const p = page([mod('a', { groupId: 'group-x' })], { 'group-y': { id: 'group-y' } });
    expect(groupKeysOf(p)).toEqual(['group-x', 'group-y']);
    expect(resolveGroupChoice({ ...mod('b', { groupId: 'group-x' }), groupChoice: 'join' as const }, p).groupId).toBe('group-x');
    expect(resolveGroupChoice({ ...mod('b', { groupId: 'group-y' }), groupChoice: 'join' as const }, p).groupId).toBe('group-y');
    expect(() => resolveGroupChoice({ ...mod('b'), groupChoice: 'join' as const }, p)).toThrow('请选择要加入的分组');
    expect(() => resolveGroupChoice({ ...mod('b', { groupId: 'group-z' }), groupChoice: 'join' as const }, p)).toThrow('分组不存在');
  });

  it('labels a group by its number and its modules', () => {
    const p = page([mod('a', { groupId: 'group-x', alias: '通知' }), mod('b', { groupId: 'group-x', alias: '新闻' })]);
    expect(groupLabel(p, 'group-x')).toBe('分组 1 · 通知、新闻');
  });
});

describe('groups map cleanup', () => {
  it('a module leaving its group deletes the group when it becomes empty', () => {
    const before = page([mod('a', { groupId: 'group-1' }), mod('b', { groupId: 'group-2' })], { 'group-1': { id: 'group-1' }, 'group-2': { id: 'group-2' } });
    const edited = before.template.map((m) => (m.id === 'a' ? { ...m, groupId: 'group-2' } : m));
    const after = withSyncedGroups(before, edited);
    expect(Object.keys(after.groups)).toEqual(['group-2']);
    expect(after.template.some((m) => m.groupId === 'group-1')).toBe(false);
  });

  it('a group another module still keeps survives; background and description come from its first module', () => {
    const t = [
      mod('a', { groupId: 'group-1' }),
      mod('b', { groupId: 'group-1', backgroundColor: 'grey', description: '第一组' }),
      mod('c', { groupId: 'group-1', backgroundColor: 'white' }),
    ];
    const g = syncGroups({ template: t, groups: { 'group-1': { id: 'group-1', note: '保留' }, 'group-old': { id: 'group-old' } } });
    expect(g).toEqual({ 'group-1': { id: 'group-1', note: '保留', backgroundColor: 'grey', description: '第一组' } });
  });

  it('bands: consecutive modules of one group form one band; ungrouped ones their own', () => {
    const t = [mod('a', { groupId: 'group-1', backgroundColor: 'grey' }), mod('b', { groupId: 'group-1' }), mod('c'), mod('d', { groupId: 'group-2' })];
    const bands = bandsOf(page(t));
    expect(bands.map((b) => [b.groupId, b.modules.map((m) => m.id), b.backgroundColor])).toEqual([
      ['group-1', ['a', 'b'], 'grey'],
      [null, ['c'], 'white'],
      ['group-2', ['d'], 'white'],
    ]);
  });
});

describe('empty-state widget (spec 1 §2, spec 2 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const html = (type: string, editable: boolean, topicId: number | null = 9) =>
    renderToString(createElement(EmptyState, { type, moduleId: 'm1', topicId, editable }));

  it('says 暂无数据 and shows no configure link to a visitor', () => {
    for (const t of ['wechat_article', 'notice', 'resource', 'scholar']) {
      const h = html(t, false);
      expect(h).toContain('暂无数据');
      expect(h).not.toContain('button');
    }
  });

  it('wechat_article goes to the wechat manager with its own text', () => {
    const h = html('wechat_article', true);
    expect(h).toContain('暂未绑定公众号或公众号数据未分组，点击此处配置');
    expect(h).toContain('data-href="/console/wechats/wechatManager"');
  });

  it('other types go to the topic show page with the publish prompt', () => {
    const h = html('journal', true);
    expect(h).toContain('去发布');
    expect(h).toContain('data-href="/console/topics/tc/topicShow/9?type=journal"');
    expect(emptyActionOf('journal', 'm1', null).kind).toBe('none');
  });

  it('notice and resource raise atrium:data-list with the module id and type instead of navigating', () => {
    for (const t of ['notice', 'resource']) {
      const a = emptyActionOf(t, 'm7', 9);
      expect(a).toEqual({ kind: 'event', detail: { moduleId: 'm7', type: t }, text: '去发布' });
      expect(html(t, true)).toContain('data-empty-action="event"');
    }
    const target = new EventTarget();
    const seen: unknown[] = [];
    target.addEventListener(DATA_LIST_EVENT, (e) => seen.push((e as CustomEvent).detail));
    vi.stubGlobal('window', target);
    raiseDataListOf({ moduleId: 'm7', type: 'notice' });
    expect(seen).toEqual([{ moduleId: 'm7', type: 'notice' }]);
  });

  it('PanelStatus uses the widget when given the module and no hint', () => {
    const h = renderToString(
      createElement(PanelStatus, {
        loading: false,
        error: null,
        empty: true,
        editable: true,
        emptyFor: { type: 'resource', moduleId: 'r1', topicId: 2 },
        children: null,
      }),
    );
    expect(h).toContain('去发布');
  });
});
