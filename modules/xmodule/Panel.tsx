/**
 * The visitor's custom component panel (spec 1 §3 'xmodule'): the built-in renderer named by
 * the component's moduleName (modules/xmodule/renderers) with the module's params, in the panel card
 * (title bar unless `titleSkip` or mode noHeader; 更多 from `specificLink`). Height: as tall as the
 * content (column 0), fixed `height` with scrolling (column 1), or at least `minHeight` (column 2).
 * An unknown or missing component shows a clear 组件不可用 card in edit mode and nothing to visitors.
 */
import type { CSSProperties } from 'react';
import { WarningOutlined } from '../kit/icons';
import { SITE_MSG } from '../../common/siteMessages.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps } from '../types.app.js';
import { moreLinkOf, PanelShell } from '../kit/PanelShell';
import { parseComponent } from './component.js';
import { xmoduleDefinition, XMODULE_MIN_HEIGHT, type XmoduleModule } from './definition.js';
import { rendererOf } from './renderers';
import '../kit/panel.css';
import './xmodule.css';

/** The edit-mode card of a module whose component is unknown (deleted from the catalogue, or none chosen). */
export function UnavailableCard({ module }: { module: Pick<ModuleConfig, 'alias'> & { component?: unknown } }) {
  const value = typeof module.component === 'string' ? module.component : '';
  return (
    <div className="atr-x-unavailable" role="alert">
      <WarningOutlined className="atr-x-unavailable__icon" />
      <div className="atr-x-unavailable__title">{SITE_MSG.xmoduleUnavailable}</div>
      <div className="atr-x-unavailable__hint">{value ? SITE_MSG.xmoduleUnavailableHint : SITE_MSG.componentRequired}</div>
      {value && <code className="atr-x-unavailable__code">{value}</code>}
    </div>
  );
}

/** The body style of a height rule (column 0 / 1 / 2). */
function bodyStyle(module: XmoduleModule): CSSProperties | undefined {
  if (module.column === 1 && typeof module.height === 'number') return { height: module.height, overflow: 'auto' };
  if (module.column === 2) return { minHeight: Math.max(XMODULE_MIN_HEIGHT, Number(module.minHeight) || XMODULE_MIN_HEIGHT) };
  return undefined;
}

/** The custom component panel; props are PanelProps (modules/types.app.ts). */
export default function XmodulePanel({ module, site, editable }: PanelProps<XmoduleModule>) {
  const parsed = parseComponent(module.component);
  const Renderer = parsed ? rendererOf(parsed.moduleName) : undefined;
  if (!Renderer) return editable ? <UnavailableCard module={module} /> : null;
  const raw = module.xmoduleParams;
  const params = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const shown = module.titleSkip ? { ...module, mode: 'noHeader' as const } : module;
  return (
    <PanelShell
      module={shown}
      site={site}
      more={moreLinkOf(xmoduleDefinition, module, site)}
      className={`atr-p--xmodule atr-p--x-${parsed!.moduleName}`}
      style={module.column === 1 || module.column === 2 ? undefined : { height: 'auto' }}
    >
      <div className="atr-x-body" style={bodyStyle(module)} data-component={module.component}>
        {/* the renderer is looked up in the fixed table of built-in renderers, never made here */}
        {/* eslint-disable-next-line react-hooks/static-components -- see the line above */}
        <Renderer params={params} module={module} site={site} editable={editable} />
      </div>
    </PanelShell>
  );
}
