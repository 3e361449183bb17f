/**
 * The home page grid (spec 1 §2 'Screens', §3 'span'; spec 2 §9 'Layout'): the modules of a page entry's
 * template laid out on the 1210 px container as a wrapping flex row, each rendered by its type's Panel
 * (`appRegistry[type].Panel`) with its data. In edit mode (the editor adds its toolbar: app/console/editor/
 * SlotToolbar.tsx) its links are inert, and a module whose type is not registered shows as a placeholder card; in public view
 * such a module is skipped silently.
 */
import { Component, memo, type ErrorInfo, type MouseEvent, type ReactNode } from 'react';
import { WarningOutlined } from '@modules/kit/icons';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import { SITE_MSG } from '@common/siteMessages';
import { definitionOf } from '@modules/registry';
import type { ModuleAppParts, NestedEditActions, SiteContext } from '@modules/types.app';
import { bandsOf } from '@modules/kit/groups';
import { appRegistry } from '@modules/registry.app';
import { spanWidth } from './layout';
import { usePanelData } from './usePanelData';
import './site.css';
import './bands.css';

/** The registered browser parts of a type, or undefined. */
export function appPartsOf(type: string): ModuleAppParts | undefined {
  return (appRegistry as Partial<Record<string, ModuleAppParts>>)[type];
}

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
  const shown = editable ? modules : modules.filter((m) => appPartsOf(m.type) && definitionOf(m.type));
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

/** Links inside a panel are inert in edit mode (spec 1 §2: "no navigation"). */
function blockAnchors(e: MouseEvent<HTMLDivElement>) {
  const target = e.target as Element | null;
  if (target && typeof target.closest === 'function' && target.closest('a')) e.preventDefault();
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
 * A panel with its data, at its type's height (spec 2 §9 'Heights'), or the placeholder of an
 * unregistered type. Memoised on (module, site, initial, editable) identity: an edit of another
 * module does not render it again (bench/editor.ts).
 */
export const SlotBody = memo(function SlotBody({ module, site, initial, editable, onModuleChange, editor }: SlotBodyProps) {
  const parts = appPartsOf(module.type);
  const def = definitionOf(module.type);
  let minHeight: number | undefined;
  if (def) {
    try {
      const h = def.height(module, { groupTemplate: site.groupTemplate });
      if (typeof h === 'number' && h > 0) minHeight = h;
    } catch {
      /* a broken config keeps its natural height */
    }
  }
  const body =
    parts && def ? (
      <PanelBoundary editable={editable}>
        <RegisteredPanel
          parts={parts}
          module={module}
          site={site}
          initial={initial}
          editable={editable}
          onModuleChange={editable ? onModuleChange : undefined}
          editor={editable ? editor : undefined}
        />
      </PanelBoundary>
    ) : (
      <UnregisteredCard type={module.type} />
    );
  return (
    <div
      className="atr-slot__body"
      style={minHeight ? { minHeight } : undefined}
      onClickCapture={editable ? blockAnchors : undefined}
      onAuxClickCapture={editable ? blockAnchors : undefined}
    >
      {body}
    </div>
  );
});

function RegisteredPanel({
  parts,
  module,
  site,
  initial,
  editable,
  onModuleChange,
  editor,
}: {
  parts: ModuleAppParts;
  module: ModuleConfig;
  site: SiteContext;
  initial?: Record<string, Page<unknown>>;
  editable: boolean;
  onModuleChange?: (m: ModuleConfig) => void;
  editor?: NestedEditActions;
}) {
  const { data, loading, error } = usePanelData(module, site, initial);
  const { Panel } = parts;
  return <Panel module={module} data={data} loading={loading} error={error} editable={editable} site={site} onModuleChange={onModuleChange} editor={editor} />;
}

function UnregisteredCard({ type }: { type: string }) {
  return (
    <div className="atr-unregistered">
      <WarningOutlined />
      <div>{SITE_MSG.unregisteredModule}</div>
      <code>{type}</code>
    </div>
  );
}

/** A panel that throws does not take the page down: hidden in public view, a card in edit mode. */
class PanelBoundary extends Component<{ editable: boolean; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('panel failed', error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.editable ? (
      <div className="atr-unregistered">
        <WarningOutlined />
        <div>{SITE_MSG.loadFailed}</div>
      </div>
    ) : null;
  }
}
