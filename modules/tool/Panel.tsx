/**
 * The visitor's tool panel (spec 1 §2 'Tools list', 'A tool link containing /tools/ maps to
 * /microapp/widget/tools/{rest}; otherwise it opens in a new window', §3 'Tool item'; spec 2 §9): the
 * chosen tools in the chosen order, each with its icon (cover; a placeholder with the initial when
 * missing), title and description. Vertical (span 0): up to 4 rows 60 px high, 24 px apart. Horizontal
 * (span 5): one row of up to 8 icon tiles, the description in the tooltip. More link: /microapp/widget/tools.
 */
import type { ModuleConfig } from '../../common/homeConfig.js';
import type { PanelProps, SiteContext } from '../types.app.js';
import { TOOL_ITEM_GAP, TOOL_ITEM_HEIGHT, toolCount, toolDefinition, type ToolModule } from './definition.js';
import { idOf, pageItems, text, titleOf, type PanelItem } from '../kit/format';
import { toolHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { ListSkeleton, PanelShell, PanelStatus, moreLinkOf } from '../kit/PanelShell';
import './tool.css';

/** One tool: icon, title, description; a link by `toolHref`, plain when the tool has no link. */
function ToolItem({ it, module, site }: { it: PanelItem; module: ModuleConfig; site: SiteContext }) {
  const title = titleOf(it);
  const description = text(it.description);
  const target = toolHref(text(it.link));
  const body = (
    <>
      <Thumb src={it.cover} label={title} fit="contain" className="atr-p-tool__icon" />
      <span className="atr-p-tool__main">
        <span className="atr-p-tool__title atr-p-ellipsis">{title}</span>
        <span className="atr-p-tool__desc atr-p-ellipsis">{description || '\u00a0'}</span>
      </span>
    </>
  );
  return target ? (
    <PanelLink
      to={target.href}
      newTab={target.newTab}
      module={module}
      site={site}
      className="atr-p-tool"
      title={description ? `${title}：${description}` : title}
    >
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-tool" title={title}>
      {body}
    </div>
  );
}

/** The tool panel; props are PanelProps (modules/types.app.ts). */
export default function ToolPanel({ module, data, loading, error, editable, site }: PanelProps<ToolModule>) {
  const horizontal = module.direction === 'horizontal';
  const count = toolCount({ direction: module.direction, specificData: module.specificData });
  const items = pageItems(data.tool).slice(0, count);
  return (
    <PanelShell module={module} site={site} more={moreLinkOf(toolDefinition, module, site)} className={`atr-p--tool${horizontal ? ' atr-p--tool-h' : ''}`}>
      <PanelStatus
        loading={loading}
        error={error}
        empty={items.length === 0}
        editable={editable}
        hint="请编辑模块，选择要展示的工具"
        skeleton={<ListSkeleton rows={Math.max(2, Math.min(count, 4))} />}
      >
        <div
          className={`atr-p-tools ${horizontal ? 'atr-p-tools--row' : 'atr-p-tools--column'}`}
          style={horizontal ? undefined : { gap: TOOL_ITEM_GAP, ['--atr-p-tool-h' as string]: `${TOOL_ITEM_HEIGHT}px` }}
        >
          {items.map((it, i) => (
            <ToolItem key={idOf(it) || i} it={it} module={module} site={site} />
          ))}
        </div>
      </PanelStatus>
    </PanelShell>
  );
}
