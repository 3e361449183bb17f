/**
 * Which home-page modules hold notices and which hold resource links (spec 1 §2 'Notice and resource
 * panels also have a data-list button'): a module type's definition names the content list of its items
 * (ModuleDefinition.dataList); nothing here names a module type.
 */
import type { HomeConfig } from '@common/homeConfig';
import { definitionOf } from '@modules/registry';
import type { DataListKind } from '@modules/types';
import type { ContentModule } from './api';

/** The data-list kind of a module type (its definition's `dataList`), or null when its items are not a content list. */
export function dataListKind(type: string): DataListKind | null {
  return definitionOf(type)?.dataList ?? null;
}

/** The modules of the home config (all pages, flex slots too) whose data list is `kind`. */
export function contentModules(homeConfig: HomeConfig | undefined, kind: DataListKind): ContentModule[] {
  const out: ContentModule[] = [];
  const visit = (m: unknown) => {
    if (!m || typeof m !== 'object') return;
    const o = m as { id?: unknown; type?: unknown; alias?: unknown; components?: unknown; modules?: unknown };
    const k = typeof o.type === 'string' ? dataListKind(o.type) : null;
    if (k === kind && typeof o.id === 'string') out.push({ id: o.id, alias: typeof o.alias === 'string' && o.alias ? o.alias : o.id });
    if (Array.isArray(o.components)) o.components.forEach(visit);
    if (Array.isArray(o.modules)) o.modules.forEach(visit);
  };
  for (const entry of homeConfig ?? []) for (const m of entry.template ?? []) visit(m);
  return out;
}
