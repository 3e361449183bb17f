/**
 * What a custom component renderer receives (modules/xmodule/Panel.tsx): the module's params by field
 * (any value may be missing or of the wrong kind: a renderer checks what it reads), the module and site
 * for links, and edit mode (links and forms inert).
 */
import type { ModuleConfig } from '../../../common/homeConfig.js';
import type { SiteContext } from '../../types.app.js';

export interface XRendererProps {
  params: Record<string, unknown>;
  module: ModuleConfig;
  site: SiteContext;
  editable: boolean;
}
