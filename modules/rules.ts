/**
 * Layout and link rules shared by several module types (spec 2 §9 'Heights', 'Item counts'; spec 1 §2
 * 'Priority of a panel's more link'). Pure functions: no React, no Node.
 */
import type { ModuleConfig } from '../common/homeConfig.js';
import { exploreLinkWithType } from '../common/exploreLink.js';
import { resourceTypeOf } from '../common/resourceTypes.js';
import type { LayoutContext, ModuleDefinition, MoreLinkContext, PanelRead, RegisteredType, TopKind } from './types.js';

/** Height of a list panel, px: 331, or 399 in a group template (spec 2 §9 'Heights'). */
export const listHeight = (ctx: LayoutContext): number => (ctx.groupTemplate ? 399 : 331);

/** Item count of scholar, institution, journal and book panels by span: 5 → 8, 3-4 → 6, 2 → 4, else 2. */
export function cardCountBySpan(span: number): number {
  if (span === 5) return 8;
  if (span === 3 || span === 4) return 6;
  if (span === 2) return 4;
  return 2;
}

/** A list shows one column at spans 0-2 (up to 1/2 of the row) and two columns wider (spec 2 §9). */
export const isSingleColumn = (span: number): boolean => span <= 2;

/** The category path of a module as read filters (spec 1 §3 `category`: one or two levels). */
export function categoryFilter(cfg: Pick<ModuleConfig, 'category'>): { categoryLevelOne?: string; categoryLevelTwo?: string } {
  const [one, two] = cfg.category ?? [];
  return { ...(one ? { categoryLevelOne: one } : {}), ...(two ? { categoryLevelTwo: two } : {}) };
}

/**
 * Article/report/patent split of a research-output panel's items (spec 2 §9): the count of each selected
 * type, single column first, two columns second. One type: 8 / 16; two types: 4 / 8 each; three types:
 * article 3 / 6, report 2 / 4, patent 3 / 6. Types outside the three take the article share.
 */
export function splitCounts(dataTypes: readonly string[], span: number): Record<string, number> {
  const wide = isSingleColumn(span) ? 0 : 1;
  const out: Record<string, number> = {};
  const n = dataTypes.length;
  for (const t of dataTypes) {
    if (n <= 1) out[t] = [8, 16][wide];
    else if (n === 2) out[t] = [4, 8][wide];
    else out[t] = (resourceTypeOf(t)?.outputShare ?? [3, 6])[wide];
  }
  return out;
}

/** One read per chosen data type, each with its share of the split (research outputs, activities). */
export function splitReads(cfg: Pick<ModuleConfig, 'span' | 'category'> & { dataType: readonly TopKind[] }): PanelRead[] {
  const counts = splitCounts(cfg.dataType, cfg.span);
  return cfg.dataType.map((t) => ({ key: t, source: 'top', kind: t, count: counts[t], ...categoryFilter(cfg) }));
}

/** Query string of a generic more link, with repeated keys for lists (spec 2 §7 'Request wrapper'). */
function query(params: Record<string, string | number | readonly string[] | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v == null || v === '') continue;
    if (Array.isArray(v)) for (const x of v) q.append(k, String(x));
    else q.append(k, String(v));
  }
  return q.toString();
}

/** The generic 'more' page of a panel on the same host: /top-resources?id&title&moduleId&dataType…&displayType. */
export function topResourcesLink(cfg: Pick<ModuleConfig, 'id' | 'alias' | 'dataDisplayType'>, dataTypes: readonly string[]): string {
  return `/top-resources?${query({ id: cfg.id, title: cfg.alias, moduleId: cfg.id, dataType: dataTypes, displayType: cfg.dataDisplayType })}`;
}

/**
 * A panel's 'more' link by the priority of spec 1 §2: the specific link; the recommendation page when
 * recommendation is on and the user is signed in; the explore page when redirect-to-explore is set
 * (the header menu's explore entry when there is one, `ctx.exploreBase`, with the type appended);
 * else the generic link. Null when the module hides its more button.
 */
export function moreLinkByPriority(cfg: ModuleConfig, ctx: MoreLinkContext, type: string, generic: string): string | null {
  if (cfg.hideMoreButton) return null;
  if (cfg.specificLink) return cfg.specificLink;
  if (cfg.showRecommendation && ctx.signedIn) return `/microapp/recommendation?type=${encodeURIComponent(type)}`;
  if (cfg.redirectToExplore) return exploreLinkWithType(ctx.exploreBase, type);
  return generic;
}

/** Migration of a config stored before versions existed: nothing to change. */
export const noMigration = (stored: Record<string, unknown>): Record<string, unknown> => stored;

/** What a one-read panel declares to {@link oneReadDefinition}. */
export interface OneReadSpec<C extends ModuleConfig> {
  type: C['type'] & RegisteredType & TopKind;
  /** the 添加模块 menu's Chinese name */
  label: string;
  /** the default alias shown as the panel's title */
  alias: string;
  /** the default span (0-5) */
  span: number;
  /** the items read at a span */
  count(span: number): number;
  /** the panel's height, px; absent: {@link listHeight} */
  height?(ctx: LayoutContext): number;
  /** the type offers 启用内容推荐 (its default off) */
  recommendation?: boolean;
}

/**
 * The definition of a panel that reads the `top` list of its own resource type with the module's category
 * and links 'more' by the priority of spec 1 §2 (policy, standard, sciencedata, book, institution, journal,
 * scholar; spec 2 §9 'Heights', 'Item counts'). Version 1, stored configs migrate unchanged.
 */
export function oneReadDefinition<C extends ModuleConfig>(s: OneReadSpec<C>): ModuleDefinition<C> {
  const { type } = s;
  return {
    type,
    label: s.label,
    version: 1,
    defaults: () =>
      ({
        type,
        alias: s.alias,
        span: s.span,
        showManual: false,
        ...(s.recommendation ? { showRecommendation: false } : {}),
        redirectToExplore: false,
        oauthBeforeRedirect: false,
      }) as unknown as Omit<C, 'id'>,
    height: (_cfg, ctx) => (s.height ? s.height(ctx) : listHeight(ctx)),
    reads: (cfg) => [{ key: type, source: 'top', kind: type, count: s.count(cfg.span), ...categoryFilter(cfg) }],
    moreLink: (cfg, ctx) => moreLinkByPriority(cfg, ctx, type, topResourcesLink(cfg, [type])),
    migrate: noMigration,
  };
}
