/**
 * The browser half of the module registry (docs/architecture.md §The module registry): each registered type's visitor Panel and editor
 * Form. Panels are in the visitor bundle; forms are lazy chunks loaded by the console editor only, so
 * the visitor's site never downloads them.
 */
import { createElement, lazy, type ReactElement } from 'react';
import type { ModuleConfig } from '../common/homeConfig.js';
import { withModuleType } from './registry';
import type { AppRegistry, PanelProps } from './types.app';
import ActivityPanel from './activity/Panel';
import CarouselPanel from './carousel/Panel';
import FlexPanel from './flex/Panel';
import FruitPanel from './fruit/Panel';
import InstitutionPanel from './institution/Panel';
import JournalPanel from './journal/Panel';
import LinkPanel from './link/Panel';
import NewsPanel from './news/Panel';
import NoticePanel from './notice/Panel';
import ScholarPanel from './scholar/Panel';
import BookPanel from './book/Panel';
import PolicyPanel from './policy/Panel';
import ResourcePanel from './resource/Panel';
import SciencedataPanel from './sciencedata/Panel';
import StandardPanel from './standard/Panel';
import ToolPanel from './tool/Panel';
import WechatArticlePanel from './wechat_article/Panel';
import JobPanel from './job/Panel';
import BulletinPanel from './bulletin/Panel';
import IframePanel from './iframe/Panel';
import XmodulePanel from './xmodule/Panel';

export const appRegistry: AppRegistry = {
  news: { Panel: NewsPanel, Form: lazy(() => import('./news/Form')) },
  notice: { Panel: NoticePanel, Form: lazy(() => import('./notice/Form')) },
  link: { Panel: LinkPanel, Form: lazy(() => import('./link/Form')) },
  scholar: { Panel: ScholarPanel, Form: lazy(() => import('./scholar/Form')) },
  institution: { Panel: InstitutionPanel, Form: lazy(() => import('./institution/Form')) },
  journal: { Panel: JournalPanel, Form: lazy(() => import('./journal/Form')) },
  activity: { Panel: ActivityPanel, Form: lazy(() => import('./activity/Form')) },
  fruit: { Panel: FruitPanel, Form: lazy(() => import('./fruit/Form')) },
  carousel: { Panel: CarouselPanel, Form: lazy(() => import('./carousel/Form')) },
  policy: { Panel: PolicyPanel, Form: lazy(() => import('./policy/Form')) },
  standard: { Panel: StandardPanel, Form: lazy(() => import('./standard/Form')) },
  book: { Panel: BookPanel, Form: lazy(() => import('./book/Form')) },
  sciencedata: { Panel: SciencedataPanel, Form: lazy(() => import('./sciencedata/Form')) },
  resource: { Panel: ResourcePanel, Form: lazy(() => import('./resource/Form')) },
  tool: { Panel: ToolPanel, Form: lazy(() => import('./tool/Form')) },
  wechat_article: { Panel: WechatArticlePanel, Form: lazy(() => import('./wechat_article/Form')) },
  job: { Panel: JobPanel, Form: lazy(() => import('./job/Form')) },
  bulletin: { Panel: BulletinPanel, Form: lazy(() => import('./bulletin/Form')) },
  iframe: { Panel: IframePanel, Form: lazy(() => import('./iframe/Form')) },
  xmodule: { Panel: XmodulePanel, Form: lazy(() => import('./xmodule/Form')) },
  flex: { Panel: FlexPanel, Form: lazy(() => import('./flex/Form')) },
};

/** What {@link panelElement} hands a Panel beside the module (PanelProps without the typed parts). */
export type ErasedPanelProps = Omit<PanelProps, 'module' | 'onModuleChange'> & { onModuleChange?: (module: ModuleConfig) => void };

/**
 * The element of a stored module's Panel: its registered type's Panel given the module as that type's
 * own config (modules/registry.ts `withModuleType`) and `props`; undefined for an unregistered type.
 * The one place outside a type's folder where a config meets its Panel, so no caller casts.
 */
export function panelElement(module: ModuleConfig, props: ErasedPanelProps): ReactElement | undefined {
  return withModuleType<ReactElement>(module, (type, cfg) => createElement(appRegistry[type].Panel, { ...props, module: cfg }));
}
