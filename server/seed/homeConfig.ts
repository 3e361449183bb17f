/**
 * The demo application's home page: one page entry whose modules fill the six-step span grid row by
 * row with panels of equal height (spec 1 §3 'Module (panel) common fields', spec 2 §9 'Spans',
 * 'Heights', 'Item counts'):
 *
 *   carousel 5                          (full width, custom height 400 for the 1210x400 banners)
 *   news 3 (2/3)       + notice 1 (1/3)
 *   fruit 2 (1/2)      + activity 2 (1/2)
 *   scholar 5                           (8 scholars)
 *   journal 5                           (8 journals)
 *   institution 5                       (8 institutions)
 *   link 5, horizontal                  (the 4 portals on one page)
 */
import type { HomeConfig, ModuleConfig } from '../../common/homeConfig.js';
import { definitionOf } from '../../modules/registry.js';
import type { RegisteredType } from '../../modules/types.js';
import { DEMO_PORTALS, DEMO_SLIDES } from './catalogue.js';

/** Module id of the demo notice panel; the demo notices carry it as module_id. */
export const DEMO_NOTICE_MODULE_ID = 'demo-notice';

/**
 * One module: the type's defaults (not a group template), then the demo id `demo-<type>`, the title,
 * and the overrides. Throws when the type is not registered (a programming error, caught by the test).
 */
export function demoModule(type: RegisteredType, alias: string, overrides: Record<string, unknown> = {}): ModuleConfig {
  const def = definitionOf(type);
  if (!def) throw new Error(`演示首页：模块类型 ${type} 未注册`);
  return { ...def.defaults({ groupTemplate: false }), id: `demo-${type}`, alias, ...overrides } as ModuleConfig;
}

/**
 * The demo home config (spec 1 §3 'Application config' home config, list form): one 'home' page entry,
 * card style, no groups, the modules above in order. Not validated here: the seed passes it through
 * `validateHomeConfig` like the save route does.
 */
export function demoHomeConfig(): HomeConfig {
  const template: ModuleConfig[] = [
    demoModule('carousel', '首页轮播', { span: 5, column: 1, height: 400, items: DEMO_SLIDES.map((s) => ({ ...s })) }),
    demoModule('news', '科技资讯', { span: 3, displayType: ['carousel', 'data'], carouselCount: 4 }),
    demoModule('notice', '通知公告', { span: 1, showPublishTime: true }),
    demoModule('fruit', '最新论文', { span: 2, dataType: ['article'] }),
    demoModule('activity', '会议与项目', { span: 2, dataType: ['conference', 'project'], dataDisplayType: 'rich' }),
    demoModule('scholar', '学者风采', { span: 5 }),
    demoModule('journal', '期刊导航', { span: 5 }),
    demoModule('institution', '科研机构', { span: 5 }),
    demoModule('link', '资源导航', {
      span: 5,
      direction: 'horizontal',
      dataSize: DEMO_PORTALS.length,
      specificData: DEMO_PORTALS.map((p) => p.id),
      specificDataObject: DEMO_PORTALS.map((p) => ({ ...p })),
    }),
  ];
  return [{ page: 'home', style: 'card', groups: {}, template }];
}
