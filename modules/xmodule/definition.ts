/**
 * Custom component (spec 1 §2 'xmodule form', §3 'xmodule', §5; spec 2 §9): a panel drawn by a built-in
 * renderer chosen from the catalogue (modules/xmodule/catalogue.ts). `component` is `moduleName-type`
 * (required: 请选择组件), `xmoduleParams` the component's own parameters by field, `column` the height
 * rule (0 default: as tall as its content; 1 custom: `height` >= 100; 2 fixed minimum: `minHeight` >= 100),
 * `titleSkip` hides the title bar, `specificLink` is the more link (the catalogue's `more` by default).
 * Defaults: alias 自定义组件, span 5, minHeight 100, height auto, isTop true. No reads: the params are
 * in the config.
 */
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import type { XmoduleModule } from './schema.js';
import { XMODULE_MIN_HEIGHT } from './limits.js';
export { XMODULE_MIN_HEIGHT } from './limits.js';

export type { XmoduleModule } from './schema.js';

export const xmoduleDefinition: ModuleDefinition<XmoduleModule> = {
  type: 'xmodule',
  label: '自定义组件',
  version: 1,
  defaults: () => ({
    type: 'xmodule',
    alias: '自定义组件',
    span: 5,
    minHeight: XMODULE_MIN_HEIGHT,
    height: 'auto',
    isTop: true,
    column: 0,
    component: '',
    xmoduleParams: {},
  }),
  height: (cfg) => {
    if (cfg.column === 1 && typeof cfg.height === 'number') return cfg.height;
    if (cfg.column === 2) return Math.max(XMODULE_MIN_HEIGHT, cfg.minHeight ?? XMODULE_MIN_HEIGHT);
    return 'auto';
  },
  reads: () => [],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || null),
  migrate: noMigration,
};
