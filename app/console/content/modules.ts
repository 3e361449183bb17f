/**
 * Which home-page modules hold notices and which hold resource links (spec 1 §2 'Notice and resource
 * panels also have a data-list button'): notice modules list notices, resource modules list links.
 */
import type { HomeConfig } from '@common/homeConfig';
import type { ContentModule } from './api';

/** The data-list kind of a module type: 'notice', 'link' for resource panels, or null. */
export function dataListKind(type: string): 'notice' | 'link' | null {
  if (type === 'notice') return 'notice';
  if (type === 'resource' || type === 'link') return 'link';
  return null;
}

/** The modules of the home config (all pages, flex slots too) whose data list is `kind`. */
export function contentModules(homeConfig: HomeConfig | undefined, kind: 'notice' | 'link'): ContentModule[] {
  const out: ContentModule[] = [];
  const visit = (m: unknown) => {
    if (!m || typeof m !== 'object') return;
    const o = m as { id?: unknown; type?: unknown; alias?: unknown; components?: unknown };
    const type = typeof o.type === 'string' ? o.type : '';
    // the topic-navigation 'link' module lists applications, not links: only resource modules hold links
    const k = type === 'link' ? null : dataListKind(type);
    if (k === kind && typeof o.id === 'string') out.push({ id: o.id, alias: typeof o.alias === 'string' && o.alias ? o.alias : o.id });
    if (Array.isArray(o.components)) o.components.forEach(visit);
  };
  for (const entry of homeConfig ?? []) for (const m of entry.template ?? []) visit(m);
  return out;
}
