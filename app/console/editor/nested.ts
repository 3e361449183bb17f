/**
 * Pure edits of the modules nested in a flex module's slots (spec 1 §3 'flex': components[].modules),
 * used by the editor's nested-module drawer (FlexSlotsEditor.tsx). Each returns a new template and
 * leaves the given one untouched; a flex or slot that is not found leaves the template as it was.
 */
import { newModuleId, type ModuleConfig } from '@common/homeConfig';

interface Slot {
  id: string;
  modules?: ModuleConfig[];
  [k: string]: unknown;
}

/** Every module id used in the template, nested ones included. */
export function allModuleIds(template: readonly ModuleConfig[]): Set<string> {
  const ids = new Set<string>();
  for (const m of template) {
    ids.add(m.id);
    for (const s of (m.components as Slot[] | undefined) ?? []) for (const n of s.modules ?? []) ids.add(n.id);
  }
  return ids;
}

/** The template with slot `slotId` of flex `flexId` changed by `fn` (its module list in, new list out). */
function mapSlot(template: readonly ModuleConfig[], flexId: string, slotId: string, fn: (mods: ModuleConfig[]) => ModuleConfig[]): ModuleConfig[] {
  return template.map((m) => {
    if (m.id !== flexId || !Array.isArray(m.components)) return m;
    return { ...m, components: (m.components as Slot[]).map((s) => (s.id === slotId ? { ...s, modules: fn(s.modules ?? []) } : s)) };
  });
}

/** Appends `module` to the slot; a module without an id, or with one already used anywhere, gets a fresh id. */
export function insertNested(template: readonly ModuleConfig[], flexId: string, slotId: string, module: ModuleConfig): ModuleConfig[] {
  const m = !module.id || allModuleIds(template).has(module.id) ? { ...module, id: newModuleId() } : module;
  return mapSlot(template, flexId, slotId, (mods) => [...mods, m]);
}

/** Replaces the module with the same id in the slot. */
export function replaceNested(template: readonly ModuleConfig[], flexId: string, slotId: string, module: ModuleConfig): ModuleConfig[] {
  return mapSlot(template, flexId, slotId, (mods) => mods.map((x) => (x.id === module.id ? module : x)));
}

/** Removes the module `moduleId` from the slot. */
export function removeNested(template: readonly ModuleConfig[], flexId: string, slotId: string, moduleId: string): ModuleConfig[] {
  return mapSlot(template, flexId, slotId, (mods) => mods.filter((x) => x.id !== moduleId));
}

/** The module `moduleId` of the slot, or undefined. */
export function findNested(template: readonly ModuleConfig[], flexId: string, slotId: string, moduleId: string): ModuleConfig | undefined {
  const flex = template.find((m) => m.id === flexId);
  const slot = ((flex?.components as Slot[] | undefined) ?? []).find((s) => s.id === slotId);
  return slot?.modules?.find((x) => x.id === moduleId);
}
