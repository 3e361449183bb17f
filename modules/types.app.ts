/**
 * The browser half of the module contract: what a panel and a form receive (docs/architecture.md §The module registry).
 * Panels are pure renderers: the host page resolves the reads (from the boot data embedded in the HTML,
 * or by calling the API) and hands the pages in.
 */
import type { ComponentType } from 'react';
import type { ModuleConfig, PageEntry } from '../common/homeConfig.js';
import type { Page } from '../common/page.js';
import type { RegisteredType } from './types.js';
import type { ConfigOf } from './configs.js';

import type { CategoryNode } from '../common/topics.js';

export type { CategoryNode };

/** What the site around a panel knows. */
export interface SiteContext {
  applicationId: number;
  topicId: number | null;
  /** signed-in, non-anonymous user, or null */
  user: { id: number; name: string; role: string } | null;
  /** the page entry's style is fullScreen (group template) */
  groupTemplate: boolean;
  /** the explore page derived from the header menu (spec 1 §2), without `type`; null: /microapp/explore */
  exploreBase?: string | null;
}

/**
 * Edit-mode actions a container panel (flex, spec 1 §3) offers for the modules in its slots. The editor
 * owns the drawer: the panel only calls these with the flex module's id, the slot's id and the module.
 */
export interface NestedEditActions {
  /** '+ 添加模块' of a slot */
  onAddToSlot?(flexId: string, slotId: string): void;
  onEditNested?(flexId: string, slotId: string, module: ModuleConfig): void;
  onDeleteNested?(flexId: string, slotId: string, module: ModuleConfig): void;
  /** a save is running: the buttons wait */
  busy?: boolean;
}

/**
 * The pages of a panel's reads: read key (`PanelRead.key` of its definition's `reads`) -> page, undefined
 * while loading. The items are what the server answered, not checked by the browser, so they are
 * `unknown` until a panel narrows them (modules/kit/format.ts `pageItems`; decision 346).
 */
export type PanelPages = Readonly<Record<string, Page<unknown> | undefined>>;

export interface PanelProps<C extends ModuleConfig = ModuleConfig> {
  module: C;
  /** read key -> page; undefined while loading */
  data: PanelPages;
  loading: boolean;
  /** a Chinese message when a read failed */
  error: string | null;
  /** edit mode: no navigation, links inert (spec 1 §2 'Screens') */
  editable: boolean;
  site: SiteContext;
  /**
   * Given only in the editor (edit mode, a manager): a panel whose stored layout no longer fits its data
   * (spec 1 §4: wechat_article and job recompute height, job also dataSize) hands the corrected module
   * up and the editor persists the home config. Visitor pages never pass it, so a page view never
   * writes (docs/decisions.md #33). Call it only with a module that differs from `module`.
   */
  onModuleChange?: (module: C) => void;
  /** edit mode only: actions on the modules nested in a container panel's slots */
  editor?: NestedEditActions;
}

export interface FormProps<C extends ModuleConfig = ModuleConfig> {
  /** 'create' applies the defaults; 'edit' starts from a clone of `initial` */
  mode: 'create' | 'edit';
  initial?: C;
  categories: CategoryNode[];
  page: PageEntry;
  /** inside a parent container (flex slot) */
  inContainer?: boolean;
  /**
   * the application being edited; forms whose options belong to the application (tools) read them with
   * it. When absent they take the :id of the /console/application/:id/editor route.
   */
  applicationId?: number;
  /** called with the validated module after the ~600 ms save loading (spec 1 §4) */
  onSubmit(module: C): void;
  onCancel(): void;
}

/** The browser parts of one type whose config is `C`: its visitor Panel and its editor Form. */
export interface ModuleAppParts<C extends ModuleConfig> {
  Panel: ComponentType<PanelProps<C>>;
  Form: ComponentType<FormProps<C>>;
}

/** The browser half of the registry, typed per type: `AppRegistry['notice']` takes NoticeModule. */
export type AppRegistry = { [T in RegisteredType]: ModuleAppParts<ConfigOf<T>> };
