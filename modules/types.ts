/**
 * The contract every module type implements (docs/architecture.md §The module registry). Pure: no React, no Node.
 */
import type { ModuleConfig } from '../common/homeConfig.js';
import type { ModuleType } from '../common/constants.js';

/** A registered module type: one of MODULE_TYPES (common/constants.ts), the registry's keys. */
export type RegisteredType = ModuleType;

/** The resource reads of spec 2 §7 'Content': POST /api/v3|v4/modules/top-{kind}. */
export const TOP_KINDS = [
  'news',
  'scholar',
  'institution',
  'journal',
  'standard',
  'article',
  'patent',
  'report',
  'project',
  'sciencedata',
  'conference',
  'policy',
  'book',
] as const;
export type TopKind = (typeof TOP_KINDS)[number];

/**
 * One read a panel needs. The browser turns it into an API call; the server runs it directly to embed
 * the first page of every panel in the home page HTML (no waterfall).
 */
export type PanelRead =
  | { key: string; source: 'top'; kind: TopKind; count: number; categoryLevelOne?: string; categoryLevelTwo?: string }
  | { key: string; source: 'notice'; count: number; moduleId: string }
  | { key: string; source: 'link'; count: number; moduleId: string }
  /** the chosen tools (resources of type tool of the application's topic), in the chosen order: GET /tools */
  | { key: string; source: 'tool'; count: number; ids: Array<string | number> }
  // GET /api/v1/modules/top-wechat-article (page 1, pageSize count) of one official account
  | { key: string; source: 'wechat_article'; count: number; wechatId: string }
  // GET /api/v1/modules/top-job (the site's topic, pageSize count)
  | { key: string; source: 'job'; count: number }
  // GET /api/v1/modules/top-bulletin (the site's topic, repeated type)
  | { key: string; source: 'bulletin'; count: number; types: string[] };

export interface LayoutContext {
  /** the page style is fullScreen (group template) */
  groupTemplate: boolean;
}

export interface MoreLinkContext {
  signedIn: boolean;
  /**
   * The explore page derived from the header menu (common/exploreLink.ts exploreBaseFromMenu), without
   * `type`; absent or null means /microapp/explore (spec 1 §2 'Links the panels produce').
   */
  exploreBase?: string | null;
}

/**
 * The console's content list a module's items come from (spec 1 §2 'Notice and resource panels also
 * have a data-list button'): the application's notices, or its resource links. Named by the content
 * (the notices and links tables), not by a module type.
 */
export type DataListKind = 'notice' | 'link';

/**
 * A visitor page that lists what every module of one type on the home page contributes (spec 1 §2
 * 'Links the panels produce'): the topic navigation's portals (/microapp/navigator), the official
 * accounts of the article pages (/microapp/wechat), the sign-in rule of the job pages (/microapp/jobs).
 */
export type ListingPage = 'navigator' | 'wechat' | 'jobs';

export interface ModuleDefinition<C extends ModuleConfig = ModuleConfig> {
  type: C['type'] & RegisteredType;
  /** Chinese name shown in the 'add module' menu */
  label: string;
  /** version of the stored config; `migrate` brings older ones up to it */
  version: number;
  /** a fresh default config (never a shared object), without id */
  defaults(ctx: LayoutContext): Omit<C, 'id'>;
  /** panel height in px, or 'auto' (spec 2 §9 'Heights') */
  height(cfg: C, ctx: LayoutContext): number | 'auto';
  /** the reads the panel needs (item counts of spec 2 §9) */
  reads(cfg: C): PanelRead[];
  /** the 'more' link, or null when hidden (spec 1 §2 'Priority of a panel's more link') */
  moreLink(cfg: C, ctx: MoreLinkContext): string | null;
  /** brings a stored config of an older version up to `version` */
  migrate(stored: Record<string, unknown>): Record<string, unknown>;
  /**
   * True when the config's span is forced by another field (spec 1 §4: tool, wechat_article, job and
   * link force span 5 horizontal, 0 vertical): the editor then offers no resize handle. Absent = free.
   */
  fixedSpan?(cfg: C): boolean;
  /**
   * The content list this type's items come from: in edit mode its 数据列表 button and its
   * empty state's 去发布 open that list (spec 2 §2, the `atrium:data-list` event), its items are managed
   * on the console's content page, and its more page (/top-resources) reads that list. Absent: none.
   */
  dataList?: DataListKind;
  /**
   * Holds modules of other types in slots (flex, spec 1 §3): a container is never placed in another
   * container's slot (the editor does not offer it, the server refuses it). Absent: false.
   */
  container?: boolean;
  /** A container's modules, in slot order (flex: every slot's); absent: the type holds none. */
  nested?(cfg: C): ModuleConfig[];
  /**
   * Where the edit-mode empty state's configure link goes when it is not the topic's publish page
   * (spec 1 §2 'Empty-state widget': wechat_article → the official-account manager), with its text.
   * Absent (and no dataList): 去发布 → the topic's resources of this type.
   */
  emptyConfigure?: { href: string; text: string };
  /** The visitor page that lists what this type's modules contribute (see {@link ListingPage}); absent: none. */
  listedOn?: ListingPage;
}
