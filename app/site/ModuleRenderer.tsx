/**
 * Renders one module by its type's Panel through the registry (DESIGN.md 'module registry'), with its
 * data (usePanelData: the boot pages embedded in the home page HTML when present, else the API), its
 * minimum height (definition.height) and an error boundary. Used for the modules nested in a container
 * panel's slots (flex, spec 1 §3), where the host grid does not reach: the container gets it through
 * modules/kit/host.ts `useModuleRenderer`, provided by ./ModuleHost.tsx. A type that is not registered
 * shows a placeholder in edit mode and nothing in public view.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { WarningOutlined } from '@modules/kit/icons';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import { SITE_MSG } from '@common/siteMessages';
import { definitionOf } from '@modules/registry';
import { appRegistry } from '@modules/registry.app';
import type { ModuleAppParts, NestedEditActions, SiteContext } from '@modules/types.app';
import { bootIsHome, readBoot } from '../boot';
import { usePanelData } from './usePanelData';

export interface ModuleRendererProps {
  module: ModuleConfig;
  site: SiteContext;
  editable: boolean;
  /** the module's boot pages (read key -> page); default: taken from the home page's boot data */
  initial?: Record<string, Page<unknown>>;
  editor?: NestedEditActions;
}

/** The module's minimum height in px from its definition, or undefined for 'auto' or a broken config. */
export function minHeightOf(module: ModuleConfig, site: Pick<SiteContext, 'groupTemplate'>): number | undefined {
  const def = definitionOf(module.type);
  if (!def) return undefined;
  try {
    const h = def.height(module, { groupTemplate: site.groupTemplate });
    return typeof h === 'number' && h > 0 ? h : undefined;
  } catch {
    return undefined;
  }
}

/** See the file comment. */
export function ModuleRenderer({ module, site, editable, initial, editor }: ModuleRendererProps) {
  const parts = (appRegistry as Partial<Record<string, ModuleAppParts>>)[module.type];
  if (!parts || !definitionOf(module.type)) {
    return editable ? (
      <div className="atr-unregistered">
        <WarningOutlined />
        <div>{SITE_MSG.unregisteredModule}</div>
        <code>{module.type}</code>
      </div>
    ) : null;
  }
  const boot = initial ?? (bootIsHome() ? readBoot().data[module.id] : undefined);
  const minHeight = minHeightOf(module, site);
  return (
    <div className="atr-nested__body" style={minHeight ? { minHeight } : undefined}>
      <Boundary editable={editable}>
        <WithData parts={parts} module={module} site={site} initial={boot} editable={editable} editor={editor} />
      </Boundary>
    </div>
  );
}

function WithData({
  parts,
  module,
  site,
  initial,
  editable,
  editor,
}: {
  parts: ModuleAppParts;
  module: ModuleConfig;
  site: SiteContext;
  initial?: Record<string, Page<unknown>>;
  editable: boolean;
  editor?: NestedEditActions;
}) {
  const { data, loading, error } = usePanelData(module, site, initial);
  const { Panel } = parts;
  return <Panel module={module} data={data} loading={loading} error={error} editable={editable} site={site} editor={editor} />;
}

/** A nested panel that throws does not take its container down. */
class Boundary extends Component<{ editable: boolean; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('nested panel failed', error, info.componentStack);
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
