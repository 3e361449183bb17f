/**
 * The one renderer of a module (docs/architecture.md §The module registry): its type's Panel through the
 * registry, with its data (usePanelData: the boot pages embedded in the home page HTML when present,
 * else the API), its minimum height (definition.height) and an error boundary. The home grid
 * (./HomeGrid.tsx, the visitor's page and the editor's sortable grid) renders each module with it, and
 * so does a container panel for the modules in its slots (flex, spec 1 §3: through modules/kit/host.ts
 * `useModuleRenderer`, provided by ./ModuleHost.tsx). A type that is not registered shows a placeholder
 * in edit mode and nothing in public view.
 */
import { Component, type ErrorInfo, type MouseEvent, type ReactNode } from 'react';
import { WarningOutlined } from '@modules/kit/icons';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import { SITE_MSG } from '@common/siteMessages';
import { isRegisteredType, moduleDefinitions, withModuleType } from '@modules/registry';
import { panelElement } from '@modules/registry.app';
import type { NestedEditActions, SiteContext } from '@modules/types.app';
import { bootIsHome, readBoot } from '../boot';
import { usePanelData } from './usePanelData';

export interface ModuleRendererProps {
  module: ModuleConfig;
  site: SiteContext;
  editable: boolean;
  /** the module's boot pages (read key -> page); default: taken from the home page's boot data */
  initial?: Record<string, Page<unknown>>;
  /** edit mode only: actions on the modules nested in the panel's slots */
  editor?: NestedEditActions;
  /** edit mode only: a panel corrected its module to its data (PanelProps.onModuleChange): persist it */
  onModuleChange?: (module: ModuleConfig) => void;
  /** the class of the body around the panel: 'atr-slot__body' in the home grid, 'atr-nested__body' (default) in a slot */
  className?: string;
}

/** The module's minimum height in px from its definition, or undefined for 'auto', an unregistered type or a broken config. */
export function minHeightOf(module: ModuleConfig, site: Pick<SiteContext, 'groupTemplate'>): number | undefined {
  return withModuleType(module, (type, cfg) => {
    try {
      const h = moduleDefinitions[type].height(cfg, { groupTemplate: site.groupTemplate });
      return typeof h === 'number' && h > 0 ? h : undefined;
    } catch {
      return undefined;
    }
  });
}

/** Links inside a panel are inert in edit mode (spec 1 §2: "no navigation"). */
function blockAnchors(e: MouseEvent<HTMLDivElement>) {
  const target = e.target as Element | null;
  if (target && typeof target.closest === 'function' && target.closest('a')) e.preventDefault();
}

/** See the file comment. */
export function ModuleRenderer({ module, site, editable, initial, editor, onModuleChange, className = 'atr-nested__body' }: ModuleRendererProps) {
  const boot = initial ?? (bootIsHome() ? readBoot().data[module.id] : undefined);
  const registered = isRegisteredType(module.type);
  if (!registered && !editable) return null;
  const minHeight = minHeightOf(module, site);
  return (
    <div
      className={className}
      style={minHeight ? { minHeight } : undefined}
      onClickCapture={editable ? blockAnchors : undefined}
      onAuxClickCapture={editable ? blockAnchors : undefined}
    >
      {registered ? (
        <Boundary editable={editable}>
          <WithData
            module={module}
            site={site}
            initial={boot}
            editable={editable}
            editor={editable ? editor : undefined}
            onModuleChange={editable ? onModuleChange : undefined}
          />
        </Boundary>
      ) : (
        <UnregisteredCard type={module.type} />
      )}
    </div>
  );
}

/** The module's Panel (through the registry's typed pairing, `panelElement`) with its data. */
function WithData({
  module,
  site,
  initial,
  editable,
  editor,
  onModuleChange,
}: {
  module: ModuleConfig;
  site: SiteContext;
  initial?: Record<string, Page<unknown>>;
  editable: boolean;
  editor?: NestedEditActions;
  onModuleChange?: (module: ModuleConfig) => void;
}) {
  const { data, loading, error } = usePanelData(module, site, initial);
  return panelElement(module, { data, loading, error, editable, site, onModuleChange, editor }) ?? null;
}

/** The edit-mode placeholder of a module whose type is not registered. */
function UnregisteredCard({ type }: { type: string }) {
  return (
    <div className="atr-unregistered">
      <WarningOutlined />
      <div>{SITE_MSG.unregisteredModule}</div>
      <code>{type}</code>
    </div>
  );
}

/** A panel that throws does not take the page (or its container) down: hidden in public view, a card in edit mode. */
class Boundary extends Component<{ editable: boolean; children: ReactNode }, { failed: boolean }> {
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
