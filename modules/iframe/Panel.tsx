/**
 * The visitor's embedded page (spec 1 §2 'iframe', §4; spec 2 §9 'Heights'): the module's http(s) page
 * in an iframe of the definition's height (the viewport in fullScreen with the default height). In a
 * card page it is a frame without a title bar, like the carousel; in a group template it carries the
 * title and description and the page is 114 px shorter than the panel.
 *
 * The iframe is sandboxed `allow-scripts allow-popups allow-forms`, never with allow-same-origin (that
 * pair would let the page lift its own sandbox), sends no referrer and loads lazily (docs/decisions.md #36).
 */
import type { CSSProperties } from 'react';
import type { PanelProps } from '../types.app.js';
import { iframeDefaultHeight, iframeDefinition, iframeFrameHeight, isHttpUrl, type IframeModule } from './definition.js';
import { FULLSCREEN_FRAME_HEIGHT } from '../kit/heights';
import { PanelEmpty, PanelShell } from '../kit/PanelShell';
import './panel.css';

/** The sandbox of every embedded page: scripts, pop-ups and forms, but an opaque origin. */
export const IFRAME_SANDBOX = 'allow-scripts allow-popups allow-forms';

/** The iframe panel; props are PanelProps (modules/types.app.ts). */
export default function IframePanel({ module, editable, site }: PanelProps<IframeModule>) {
  const ctx = { groupTemplate: site.groupTemplate };
  let h: number | 'auto' = iframeDefaultHeight(ctx);
  try {
    h = iframeDefinition.height(module, ctx);
  } catch {
    /* a broken config keeps the default */
  }
  const full = h === 0;
  const panelHeight: CSSProperties['height'] = full ? FULLSCREEN_FRAME_HEIGHT : typeof h === 'number' ? h : iframeDefaultHeight(ctx);
  const url = typeof module.url === 'string' && isHttpUrl(module.url.trim()) ? module.url.trim() : '';
  const frame = url ? (
    <iframe
      className="atr-p-iframe__frame"
      src={url}
      title={module.alias || '嵌入页面'}
      sandbox={IFRAME_SANDBOX}
      referrerPolicy="no-referrer"
      loading="lazy"
      style={{ height: site.groupTemplate && typeof panelHeight === 'number' ? iframeFrameHeight(panelHeight, ctx) : '100%' }}
    />
  ) : (
    <PanelEmpty editable={editable} hint="请编辑模块，填写以 http:// 或 https:// 开头的嵌入页面地址" />
  );

  if (site.groupTemplate) {
    return (
      <PanelShell module={module} site={site} className="atr-p--iframe" bodyClassName="atr-p-body--flush" style={{ height: panelHeight }}>
        {frame}
      </PanelShell>
    );
  }
  return (
    <section className={`atr-p-banner atr-p-iframe${full ? ' atr-p-banner--full' : ''}`} style={{ height: panelHeight }} aria-label={module.alias}>
      {frame}
    </section>
  );
}
