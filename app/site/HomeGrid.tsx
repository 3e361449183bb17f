/**
 * The home page grid (spec 1 §2 'Screens', §3 'span'; spec 2 §9 'Layout'): the modules of a page entry's
 * template laid out on the 1210 px container as a wrapping flex row, each rendered by the one module
 * renderer (./ModuleRenderer.tsx: its type's Panel with its data). In edit mode (the editor adds its
 * toolbar: app/console/editor/SlotToolbar.tsx) its links are inert, and a module whose type is not
 * registered shows as a placeholder card; in public view such a module is skipped silently.
 */
import { memo } from 'react';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import { isRegisteredType } from '@modules/registry';
import type { NestedEditActions, SiteContext } from '@modules/types.app';
import { bandsOf } from '@modules/kit/groups';
import { spanWidth } from './layout';
import { ModuleRenderer } from './ModuleRenderer';
import './site.css';
import './bands.css';

/** What the editor does with a panel's toolbar (and, in the editor's sortable grid, drag and resize). */
export interface GridEditActions {
  onEdit(module: ModuleConfig): void;
  onDelete(module: ModuleConfig): void;
  /** actions on the modules nested in container panels (flex slots; app/console/editor/FlexSlotsEditor.tsx) */
  nested?: NestedEditActions;
  /** puts module `id` at the place of module `over`; resolves when saved (app/console/editor/SortableGrid.tsx) */
  onMove?(id: string, over: string): Promise<unknown> | void;
  /** sets a module's span (0..5); resolves when saved */
  onResize?(id: string, span: number): Promise<unknown> | void;
  /** a save is running: the buttons wait */
  busy?: boolean;
  /** a panel corrected its module to its data (spec 1 §4; PanelProps.onModuleChange): persist it */
  onModuleChange?(module: ModuleConfig): void;
}

export interface HomeGridProps {
  modules: ModuleConfig[];
  site: SiteContext;
  /** boot pages: moduleId -> read key -> page (public view, first render) */
  bootData?: Record<string, Record<string, Page<unknown>>>;
  editable?: boolean;
  actions?: GridEditActions;
}

/** Lays out the modules of a page entry; see the file comment. */
export function HomeGrid({ modules, site, bootData, editable = false, actions }: HomeGridProps) {
  const shown = editable ? modules : modules.filter((m) => isRegisteredType(m.type));
  if (site.groupTemplate) {
    // group template (spec 1 §3 'groups'): consecutive modules of one group in one full-width band
    return (
      <div className="atr-bands">
        {bandsOf({ template: shown, groups: {} }).map((b, i) => (
          <div key={b.groupId ?? `free-${i}`} className={`atr-band atr-band--${b.groupId ? b.backgroundColor : 'none'}`} data-group-id={b.groupId ?? undefined}>
            <div className={`atr-grid${editable ? ' atr-grid--edit' : ''}`}>
              {b.modules.map((m) => (
                <PanelSlot key={m.id} module={m} site={site} initial={bootData?.[m.id]} editable={editable} actions={actions} />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={`atr-grid${editable ? ' atr-grid--edit' : ''}`}>
      {shown.map((m) => (
        <PanelSlot key={m.id} module={m} site={site} initial={bootData?.[m.id]} editable={editable} actions={actions} />
      ))}
    </div>
  );
}

interface SlotProps {
  module: ModuleConfig;
  site: SiteContext;
  initial?: Record<string, Page<unknown>>;
  editable: boolean;
  actions?: GridEditActions;
}

function PanelSlot({ module, site, initial, editable, actions }: SlotProps) {
  return (
    <div className="atr-slot" style={{ width: spanWidth(module.span) }} data-module-id={module.id} data-module-type={module.type}>
      <SlotBody module={module} site={site} initial={initial} editable={editable} onModuleChange={actions?.onModuleChange} editor={actions?.nested} />
    </div>
  );
}

export interface SlotBodyProps {
  module: ModuleConfig;
  site: SiteContext;
  initial?: Record<string, Page<unknown>>;
  editable: boolean;
  /** edit mode: a panel corrected its module to its data (GridEditActions.onModuleChange) */
  onModuleChange?: (module: ModuleConfig) => void;
  /** edit mode: actions on modules nested in the panel's slots (GridEditActions.nested) */
  editor?: NestedEditActions;
}

/**
 * A module of the grid: {@link ModuleRenderer} in the slot's body (its Panel with its data, at its type's
 * height, or the placeholder of an unregistered type). Memoised on (module, site, initial, editable)
 * identity: an edit of another module does not render it again (bench/editor.ts).
 */
export const SlotBody = memo(function SlotBody({ module, site, initial, editable, onModuleChange, editor }: SlotBodyProps) {
  return (
    <ModuleRenderer
      className="atr-slot__body"
      module={module}
      site={site}
      initial={initial}
      editable={editable}
      onModuleChange={onModuleChange}
      editor={editor}
    />
  );
});
