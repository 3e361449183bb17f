/**
 * A panel with one tab per data type (fruit and activity, spec 1 §3 `dataType`): tabs whose bar
 * is the panel's title bar (title on the left, 更多 › on the right), each tab with its own content and
 * states (modules/kit/ui.tsx UiTabs; decision 252). Labels come from RESOURCE_TYPE_LABELS (论文, 专利, 报告, 会议, 项目).
 */
import type { ReactNode } from 'react';
import { RESOURCE_TYPE_LABELS } from '../../common/constants.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { SiteContext } from '../types.app.js';
import { MoreLink, PanelShell, PanelTitle } from './PanelShell';
import { UiTabs } from './ui';

/** The Chinese label of a data type, or the type itself. */
export const typeLabel = (t: string): string => (RESOURCE_TYPE_LABELS as Record<string, string>)[t] ?? t;

export interface TabbedPanelProps {
  module: ModuleConfig;
  site: SiteContext;
  /** the more link; a function of the active tab's type gives each tab its own (research outputs' 报告, decision 303) */
  more: string | null | ((type: string) => string | null);
  /** the data types, in the module's order */
  types: readonly string[];
  /** the content of one type's tab */
  render(type: string): ReactNode;
  className?: string;
}

/** The tabbed panel; see the file comment. */
export function TabbedPanel({ module, site, more, types, render, className }: TabbedPanelProps) {
  const showTitle = module.mode !== 'noHeader';
  return (
    <PanelShell module={module} site={site} header={false} className={`atr-p--tabbed${className ? ` ${className}` : ''}`} bodyClassName="atr-p-body--flush">
      <UiTabs
        className="atr-p-tabs"
        // the title and the more link beside the tab bar, not inside it: a tablist holds tabs only
        before={showTitle ? <PanelTitle module={module} /> : undefined}
        after={
          showTitle && more
            ? typeof more === 'function'
              ? (key: string) => {
                  const href = more(key);
                  return href ? <MoreLink href={href} module={module} site={site} /> : null;
                }
              : () => <MoreLink href={more} module={module} site={site} />
            : undefined
        }
        items={types.map((t) => ({ key: t, label: typeLabel(t), content: <div className="atr-p-tabpane">{render(t)}</div> }))}
      />
    </PanelShell>
  );
}
