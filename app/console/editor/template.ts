/**
 * Pure edits of the home config done by the editor (spec 1 §4 'Module form': create inserts, edit
 * replaces; delete removes; reorder and resize). `applyTemplateAction` is the one reducer
 * over a page template: the editor, its undo/redo history and the benchmark all go through it.
 * Modules that an action does not touch keep their object identity, so memoised panels skip rendering.
 */
import { homeEntry, newModuleId, type HomeConfig, type ModuleConfig } from '@common/homeConfig';
import { SPAN_LABELS } from '@common/constants';
import { definitionOf } from '@modules/registry';

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

/**
 * An edit of a page template. Ids name modules; `move` puts the module `id` at the place of the module
 * `over` (dnd-kit's arrayMove semantics); `resize` sets `span` (0..5); `replaceAll` swaps the whole
 * template (undo, redo, restore). Other helpers may add actions here (e.g. nested flex slots).
 */
export type TemplateAction =
  | { type: 'add'; module: ModuleConfig }
  | { type: 'replace'; module: ModuleConfig }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; over: string }
  | { type: 'resize'; id: string; span: number }
  | { type: 'replaceAll'; template: ModuleConfig[] };

/** Moves the item at `from` to index `to` (a new array). */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const out = list.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/**
 * Applies an action to a template; returns the same array when nothing changes (unknown id, same
 * place, same span), so callers can skip saving a no-op.
 */
export function applyTemplateAction(template: ModuleConfig[], action: TemplateAction): ModuleConfig[] {
  switch (action.type) {
    case 'add':
      return upsertModule(template, action.module, 'create');
    case 'replace':
      return template.some((m) => m.id === action.module.id) ? template.map((m) => (m.id === action.module.id ? action.module : m)) : template;
    case 'remove':
      return template.some((m) => m.id === action.id) ? template.filter((m) => m.id !== action.id) : template;
    case 'move': {
      const from = template.findIndex((m) => m.id === action.id);
      const to = template.findIndex((m) => m.id === action.over);
      return from < 0 || to < 0 || from === to ? template : arrayMove(template, from, to);
    }
    case 'resize': {
      const span = Math.max(0, Math.min(5, Math.round(action.span)));
      const at = template.findIndex((m) => m.id === action.id);
      if (at < 0 || template[at].span === span) return template;
      return template.map((m, i) => (i === at ? { ...m, span } : m));
    }
    case 'replaceAll':
      return action.template;
  }
}

const nameOf = (m: ModuleConfig | undefined) => m?.alias || (m ? (definitionOf(m.type)?.label ?? m.type) : '');

/**
 * A plain-text summary of an action for the revision list (docs/decisions.md 60), e.g.
 * 添加模块「通知公告」, 删除模块「学者」, 调整顺序：「新闻」, 调整宽度：「通知公告」 1/3 → 1/2. At most 200 characters.
 */
export function summaryOf(template: ModuleConfig[], action: TemplateAction): string {
  const byId = (id: string) => template.find((m) => m.id === id);
  let s: string;
  switch (action.type) {
    case 'add':
      s = `添加模块「${nameOf(action.module)}」`;
      break;
    case 'replace':
      s = `修改模块「${nameOf(action.module)}」`;
      break;
    case 'remove':
      s = `删除模块「${nameOf(byId(action.id))}」`;
      break;
    case 'move':
      s = `调整顺序：「${nameOf(byId(action.id))}」`;
      break;
    case 'resize': {
      const m = byId(action.id);
      s = `调整宽度：「${nameOf(m)}」 ${SPAN_LABELS[m?.span as number] ?? '?'} → ${SPAN_LABELS[action.span] ?? '?'}`;
      break;
    }
    case 'replaceAll':
      s = '替换首页模块';
      break;
  }
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}
