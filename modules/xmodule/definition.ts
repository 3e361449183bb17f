/**
 * Custom component (spec 1 §2 'xmodule form', §3 'xmodule', §5; spec 2 §9): a panel drawn by a built-in
 * renderer chosen from the catalogue (modules/xmodule/catalogue.ts). `component` is `moduleName-type`
 * (required: 请选择组件), `xmoduleParams` the component's own parameters by field, `column` the height
 * rule (0 default: as tall as its content; 1 custom: `height` >= 100; 2 fixed minimum: `minHeight` >= 100),
 * `titleSkip` hides the title bar, `specificLink` is the more link (the catalogue's `more` by default).
 * Defaults: alias 自定义组件, span 5, minHeight 100, height auto, isTop true. No reads: the params are
 * in the config.
 */
import { z } from 'zod';
import { moduleBase } from '../../common/homeConfig.js';
import { MSG } from '../../common/messages.js';
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import { FIELD_RE, parseComponent } from './catalogue.js';

/** spec 2 §9: xmodule minHeight 100; custom height minimum 100. */
export const XMODULE_MIN_HEIGHT = 100;

/** One stored param value: text (plain, no markup), a number or a switch. */
const paramValue = z.union([
  z.string().max(2000, '参数不能超过 2000 个字').refine((s) => !/<\s*\/?\s*[a-zA-Z!]/.test(s), { message: MSG.noMarkup }),
  z.number().finite(),
  z.boolean(),
]);

export const xmoduleSchema = moduleBase.extend({
  type: z.literal('xmodule'),
  component: z.string({ error: MSG.componentRequired }).refine((v) => parseComponent(v) !== null, { message: MSG.componentRequired }),
  xmoduleParams: z.record(z.string().regex(FIELD_RE).max(40), paramValue)
    .refine((r) => Object.keys(r).length <= 30, { message: '参数最多 30 个' }),
  column: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  minHeight: z.number({ error: MSG.xmoduleMinHeight }).int(MSG.xmoduleMinHeight).min(XMODULE_MIN_HEIGHT, MSG.xmoduleMinHeight).max(3000, MSG.xmoduleMinHeight),
  height: z.union([z.number().int(MSG.carouselHeightMin).min(XMODULE_MIN_HEIGHT, MSG.carouselHeightMin).max(3000), z.literal('auto')]),
});
export type XmoduleModule = z.infer<typeof xmoduleSchema>;

export const xmoduleDefinition: ModuleDefinition<XmoduleModule> = {
  type: 'xmodule', label: '自定义组件', version: 1, schema: xmoduleSchema,
  defaults: () => ({ type: 'xmodule', alias: '自定义组件', span: 5, minHeight: XMODULE_MIN_HEIGHT, height: 'auto', isTop: true, column: 0, component: '', xmoduleParams: {} }),
  height: (cfg) => {
    if (cfg.column === 1 && typeof cfg.height === 'number') return cfg.height;
    if (cfg.column === 2) return Math.max(XMODULE_MIN_HEIGHT, cfg.minHeight ?? XMODULE_MIN_HEIGHT);
    return 'auto';
  },
  reads: () => [],
  moreLink: (cfg) => (cfg.hideMoreButton ? null : cfg.specificLink || null),
  migrate: noMigration,
};
