/**
 * The module registry (docs/architecture.md §The module registry): one definition per registered module type, as a typed map so that a
 * type without a definition does not compile. Nothing else in the code switches on a module type.
 */
import type { ModuleConfig } from '../common/homeConfig.js';
import type { ConfigOf } from './configs.js';
import { MODULE_TYPES } from '../common/constants.js';
import { type ListingPage, type ModuleDefinition, type PanelRead, type RegisteredType } from './types.js';
import { activityDefinition } from './activity/definition.js';
import { carouselDefinition } from './carousel/definition.js';
import { flexDefinition } from './flex/definition.js';
import { fruitDefinition } from './fruit/definition.js';
import { institutionDefinition } from './institution/definition.js';
import { journalDefinition } from './journal/definition.js';
import { linkDefinition } from './link/definition.js';
import { newsDefinition } from './news/definition.js';
import { noticeDefinition } from './notice/definition.js';
import { scholarDefinition } from './scholar/definition.js';
import { bookDefinition } from './book/definition.js';
import { policyDefinition } from './policy/definition.js';
import { resourceDefinition } from './resource/definition.js';
import { sciencedataDefinition } from './sciencedata/definition.js';
import { standardDefinition } from './standard/definition.js';
import { toolDefinition } from './tool/definition.js';
import { wechatArticleDefinition } from './wechat_article/definition.js';
import { jobDefinition } from './job/definition.js';
import { bulletinDefinition } from './bulletin/definition.js';
import { iframeDefinition } from './iframe/definition.js';
import { xmoduleDefinition } from './xmodule/definition.js';

/** Each registered type's definition, typed by its own config. */
export type DefinitionMap = { [T in RegisteredType]: ModuleDefinition<ConfigOf<T>> };

export const moduleDefinitions: DefinitionMap = {
  news: newsDefinition,
  notice: noticeDefinition,
  link: linkDefinition,
  scholar: scholarDefinition,
  institution: institutionDefinition,
  journal: journalDefinition,
  activity: activityDefinition,
  fruit: fruitDefinition,
  carousel: carouselDefinition,
  policy: policyDefinition,
  standard: standardDefinition,
  book: bookDefinition,
  sciencedata: sciencedataDefinition,
  resource: resourceDefinition,
  tool: toolDefinition,
  wechat_article: wechatArticleDefinition,
  job: jobDefinition,
  bulletin: bulletinDefinition,
  iframe: iframeDefinition,
  xmodule: xmoduleDefinition,
  flex: flexDefinition,
};

const registered: ReadonlySet<string> = new Set(MODULE_TYPES);

/** True when `type` is a registered module type (a type guard: narrows a stored config's `type`). */
export function isRegisteredType(type: unknown): type is RegisteredType {
  return typeof type === 'string' && registered.has(type);
}

/**
 * The definition of a type, or undefined for a type that is not registered yet. Its config type is
 * erased to ModuleConfig: read its type-independent fields (label, dataList, container, …) here, and
 * call its per-config rules on a stored module through {@link withModuleType}.
 */
export function definitionOf(type: string): ModuleDefinition | undefined {
  return isRegisteredType(type) ? moduleDefinitions[type] : undefined;
}

/**
 * A stored module seen as its own type's config (the one place the pairing is made): calls `visit` with
 * the module's registered type `T` and the module as `ConfigOf<T>`, and returns what `visit` returns;
 * undefined for an unregistered type. The pairing rests on the server's check on save: every stored
 * module was validated against its own type's schema (server/applications/service.ts
 * `validateHomeConfig`, modules/schemas.ts), so a module whose `type` is T has T's config.
 */
export function withModuleType<R>(module: ModuleConfig, visit: <T extends RegisteredType>(type: T, module: ConfigOf<T>) => R): R | undefined {
  if (!isStoredConfig(module)) return undefined;
  return visit(module.type, module);
}

/** The trusted step of {@link withModuleType}: a stored module of a registered type has that type's config. */
function isStoredConfig(module: ModuleConfig): module is ConfigOf<RegisteredType> {
  return isRegisteredType(module.type);
}

/** The reads of a stored module's panel (its type's `reads`); [] for an unregistered type. */
export function readsOf(module: ModuleConfig): PanelRead[] {
  return withModuleType(module, (type, cfg) => moduleDefinitions[type].reads(cfg)) ?? [];
}

/**
 * Every module of a page's template, depth first: each module, then the modules its type holds
 * (`nested`: a flex's slots). Unregistered types are listed but not entered.
 */
export function allModules(template: readonly ModuleConfig[]): ModuleConfig[] {
  const out: ModuleConfig[] = [];
  const walk = (modules: readonly ModuleConfig[]) => {
    for (const m of modules) {
      out.push(m);
      walk(withModuleType(m, (type, cfg) => moduleDefinitions[type].nested?.(cfg)) ?? []);
    }
  };
  walk(template);
  return out;
}

/** The registered types in registry order (the 添加模块 menu's order). */
export function registeredTypes(): RegisteredType[] {
  return [...MODULE_TYPES];
}

/** The registered types whose modules can go into a container's slot: every type but the containers. */
export function nestableTypes(): RegisteredType[] {
  return MODULE_TYPES.filter((t) => !moduleDefinitions[t].container);
}

/** The registered types listed on the visitor page `page` (ModuleDefinition.listedOn). */
export function typesListedOn(page: ListingPage): RegisteredType[] {
  return MODULE_TYPES.filter((t) => moduleDefinitions[t].listedOn === page);
}
