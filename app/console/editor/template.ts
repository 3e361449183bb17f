/**
 * Pure edits of the home config done by the editor (spec 1 §4 'Module form': create inserts, edit
 * replaces; delete removes).
 */
import { homeEntry, newModuleId, type HomeConfig, type ModuleConfig } from '@common/homeConfig';

/** The home page entry replaced by one with a new template (an empty config gets a 'home' entry). */
export function withTemplate(config: HomeConfig, template: ModuleConfig[]): HomeConfig {
  const list: HomeConfig = config.length ? config : [{ page: 'home', template: [], style: 'card', groups: {} }];
  const entry = homeEntry(list);
  const at = list.indexOf(entry);
  return list.map((p, i) => (i === (at < 0 ? 0 : at) ? { ...p, template } : p));
}

/** Inserts a new module at the end, or replaces the module with the same id. */
export function upsertModule(template: ModuleConfig[], module: ModuleConfig, mode: 'create' | 'edit'): ModuleConfig[] {
  if (mode === 'edit' && template.some((m) => m.id === module.id)) return template.map((m) => (m.id === module.id ? module : m));
  let m = module;
  if (!m.id || template.some((t) => t.id === m.id)) m = { ...m, id: newModuleId() };
  return [...template, m];
}
