/**
 * The module common fields and the home config (spec 1 §3 'Module (panel) common fields',
 * 'Application config'): the types and pure helpers; the zod schemas are in `homeConfigSchema.ts`
 * (the visitor's pages load no zod; decision 250).
 */
import type { z } from 'zod';
import type { moduleBase, pageEntry } from './homeConfigSchema.js';

export type ModuleConfig = z.infer<typeof moduleBase>;

export type PageEntry = Omit<z.infer<typeof pageEntry>, 'template'> & { template: ModuleConfig[] };
export type HomeConfig = PageEntry[];

/**
 * Normalises a stored or submitted home config to the list form: an old single-object form
 * (`{ template, style }`) is wrapped into a list (spec 1 §3). Does not validate the modules.
 */
export function wrapHomeConfig(raw: unknown): unknown {
  if (raw == null) return [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'object' && raw !== null) {
    const o = raw as Record<string, unknown>;
    if (Array.isArray(o.info)) return o.info;
    if ('template' in o) return [o];
  }
  return raw;
}

/** The first page entry named 'home', or the first entry, or an empty one. */
export function homeEntry(cfg: HomeConfig): PageEntry {
  return cfg.find((p) => p.page === 'home') ?? cfg[0] ?? { page: 'home', template: [], style: 'card', groups: {} };
}

/** A new module id: 'm' + time + random, URL-safe. */
export function newModuleId(): string {
  return `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
