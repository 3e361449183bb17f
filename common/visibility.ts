/**
 * 仅登录可见 modules (user right `panels`, docs/decisions.md 136, 210-212): which modules of a home config
 * are marked `loginOnly` (a module nested in the slots of a marked flex module counts as marked too),
 * and the home config with them left out, as the server serves it to a viewer without the right.
 * Pure: the server and the browser both run it.
 */
import type { HomeConfig, ModuleConfig, PageEntry } from './homeConfig.js';

type AnyModule = { id?: unknown; loginOnly?: unknown; components?: unknown };

/** The modules nested in a container's slots (`components[].modules`, spec 1 §3 'flex'); [] for others. */
function nestedOf(m: AnyModule): AnyModule[] {
  if (!Array.isArray(m.components)) return [];
  return (m.components as Array<{ modules?: unknown }>).flatMap((s) => (s && Array.isArray(s.modules) ? (s.modules as AnyModule[]) : []));
}

/** Whether the module itself is marked 仅登录可见 (`loginOnly: true`). */
export function isLoginOnly(m: unknown): boolean {
  return !!m && typeof m === 'object' && (m as AnyModule).loginOnly === true;
}

/**
 * The ids of every module the viewer without the right `panels` must not see: the marked ones and
 * everything nested in a marked container, on every page entry of the config.
 */
export function loginOnlyModuleIds(cfg: HomeConfig): Set<string> {
  const ids = new Set<string>();
  const visit = (list: AnyModule[], inherited: boolean) => {
    for (const m of list) {
      if (!m || typeof m !== 'object') continue;
      const hidden = inherited || isLoginOnly(m);
      if (hidden && typeof m.id === 'string') ids.add(m.id);
      visit(nestedOf(m), hidden);
    }
  };
  for (const entry of Array.isArray(cfg) ? cfg : []) visit(entry?.template ?? [], false);
  return ids;
}

/**
 * Where a module id stands in the config: 'loginOnly' when it (or its container) is marked, 'public'
 * when it is in the config unmarked, undefined when no page entry holds it.
 */
export function moduleVisibility(cfg: HomeConfig, moduleId: string): 'public' | 'loginOnly' | undefined {
  let found: 'public' | 'loginOnly' | undefined;
  const visit = (list: AnyModule[], inherited: boolean) => {
    for (const m of list) {
      if (found || !m || typeof m !== 'object') continue;
      const hidden = inherited || isLoginOnly(m);
      if (m.id === moduleId) {
        found = hidden ? 'loginOnly' : 'public';
        return;
      }
      visit(nestedOf(m), hidden);
    }
  };
  for (const entry of Array.isArray(cfg) ? cfg : []) visit(entry?.template ?? [], false);
  return found;
}

/** A module with its marked nested modules left out of its slots (the slots themselves stay). */
function withoutHiddenNested(m: ModuleConfig): ModuleConfig {
  if (!Array.isArray((m as AnyModule).components)) return m;
  const slots = (m as AnyModule).components as Array<{ modules?: unknown }>;
  return {
    ...m,
    components: slots.map((s) =>
      s && Array.isArray(s.modules) ? { ...s, modules: (s.modules as ModuleConfig[]).filter((n) => !isLoginOnly(n)).map(withoutHiddenNested) } : s,
    ),
  };
}

/**
 * The home config a viewer without the right `panels` is served: every marked module (and what is
 * nested in it) left out, and the group entries (spec 1 §3 'groups') no remaining module uses dropped
 * with them. Returns new objects; the input is not changed. A config without marked modules comes back
 * equal to the input.
 */
export function visibleHomeConfig(cfg: HomeConfig): HomeConfig {
  return cfg.map((entry): PageEntry => {
    if (loginOnlyModuleIds([entry]).size === 0) return entry;
    const template = (entry.template ?? []).filter((m) => !isLoginOnly(m)).map(withoutHiddenNested);
    const used = new Set(template.map((m) => m.groupId).filter((g): g is string => typeof g === 'string'));
    const groups = Object.fromEntries(Object.entries(entry.groups ?? {}).filter(([k]) => used.has(k)));
    return { ...entry, template, groups };
  });
}
