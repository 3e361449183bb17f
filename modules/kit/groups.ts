/**
 * Group templates (spec 1 §3 'Home config' groups, 'groupId', 'backgroundColor'; §4 'Group templates'):
 * on a page of style fullScreen each module belongs to a group; consecutive modules of one group show
 * in one full-width band. A group is created with a module (a new `group-` id on save) or joined by
 * picking an existing key. The page's `groups` map is derived from the modules: a group no module keeps
 * is deleted. Pure functions (no React, no Node): the editor and the server both use them.
 */
import type { ModuleConfig, PageEntry } from '../../common/homeConfig.js';
import { SITE_MSG } from '../../common/siteMessages.js';

/** What the form's group field holds: make a new group, or join the group `groupId`. */
export type GroupChoice = 'create' | 'join';

/** One group of the page's `groups` map: its id and the band's background and description. */
export interface GroupInfo {
  id: string;
  backgroundColor?: 'white' | 'grey';
  description?: string;
  [extra: string]: unknown;
}

/** A new group id: `group-` + a generated id (spec 1 §3 'groupId'). */
export function newGroupId(): string {
  return `group-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The group keys a module may join: those of `page.groups` and those the modules use, in template order. */
export function groupKeysOf(page: Pick<PageEntry, 'template' | 'groups'>): string[] {
  const keys: string[] = [];
  for (const m of page.template) if (m.groupId && !keys.includes(m.groupId)) keys.push(m.groupId);
  for (const k of Object.keys(page.groups ?? {})) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** A label for a group in a select: 分组 n · the titles of its modules. */
export function groupLabel(page: Pick<PageEntry, 'template' | 'groups'>, key: string): string {
  const n = groupKeysOf(page).indexOf(key) + 1;
  const titles = page.template
    .filter((m) => m.groupId === key)
    .map((m) => m.alias)
    .slice(0, 3);
  return `分组 ${n}${titles.length ? ` · ${titles.join('、')}` : ''}`;
}

/** A copy of the module without the form's helper field `groupChoice` (the stored module never holds it). */
export function withoutGroupChoice<C extends ModuleConfig>(module: C & { groupChoice?: unknown }): C {
  const out: C = { ...module };
  delete (out as { groupChoice?: unknown }).groupChoice;
  return out;
}

/**
 * The module with its group settled from the form's choice (spec 1 §4 'Group templates'): `create`
 * gives it a new group id; `join` keeps the chosen existing key. The helper field `groupChoice` is
 * removed. Throws an Error with 请选择要加入的分组 when joining without a key, 分组不存在 when the key
 * is not one of the page's groups.
 */
export function resolveGroupChoice<C extends ModuleConfig>(module: C & { groupChoice?: GroupChoice }, page: Pick<PageEntry, 'template' | 'groups'>): C {
  const groupChoice = module.groupChoice;
  const out = withoutGroupChoice(module);
  if (groupChoice === 'create') return { ...out, groupId: newGroupId() };
  if (groupChoice === 'join') {
    if (!out.groupId) throw new Error(SITE_MSG.groupJoinRequired);
    if (!groupKeysOf(page).includes(out.groupId)) throw new Error(SITE_MSG.groupUnknown);
  }
  return out;
}

/**
 * The `groups` map of a page entry brought in line with its modules: one entry per group a top-level
 * module uses (in template order), its background and description taken from the group's first module
 * that has them (other fields of a stored entry kept); a group no module keeps is deleted.
 */
export function syncGroups(entry: Pick<PageEntry, 'template' | 'groups'>): Record<string, GroupInfo> {
  const old = (entry.groups ?? {}) as Record<string, Record<string, unknown>>;
  const out: Record<string, GroupInfo> = {};
  for (const m of entry.template) {
    const key = m.groupId;
    if (!key) continue;
    const g = (out[key] ??= { ...(old[key] ?? {}), id: key } as GroupInfo);
    if (!g.backgroundColor && m.backgroundColor) g.backgroundColor = m.backgroundColor;
    if (!g.description && m.description) g.description = m.description;
  }
  return out;
}

/** The entry with a new template and its groups synced (a group the edit emptied is gone). */
export function withSyncedGroups<E extends Pick<PageEntry, 'template' | 'groups'>>(entry: E, template: ModuleConfig[]): E {
  return { ...entry, template, groups: syncGroups({ template, groups: entry.groups }) };
}

/** A run of consecutive modules: one group (a band) or a single ungrouped module. */
export interface Band {
  /** the group id, or null for modules outside any group */
  groupId: string | null;
  modules: ModuleConfig[];
  backgroundColor: 'white' | 'grey';
  description?: string;
}

/**
 * Splits a fullScreen page's modules into bands (spec 1 §3 'groups'): consecutive modules of one group
 * form one band with the group's background (white unless grey) and description; consecutive ungrouped
 * modules form one band without a group. Order is kept.
 */
export function bandsOf(entry: Pick<PageEntry, 'template' | 'groups'>): Band[] {
  const groups = syncGroups(entry);
  const bands: Band[] = [];
  for (const m of entry.template) {
    const key = m.groupId ?? null;
    const last = bands[bands.length - 1];
    if (last && last.groupId === key) {
      last.modules.push(m);
      continue;
    }
    const g = key ? groups[key] : undefined;
    bands.push({
      groupId: key,
      modules: [m],
      backgroundColor: g?.backgroundColor === 'grey' ? 'grey' : 'white',
      ...(g?.description ? { description: g.description } : {}),
    });
  }
  return bands;
}
