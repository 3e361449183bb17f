/**
 * Flex (layout) module (spec 1 §3 'flex', §4 'Flex save', §5 'Flex'; spec 2 §8, §9 'Flex defaults'):
 * a container of slots ('areas', `components`), laid out in a row or a column with a gap and a padding
 * on a transparent or white background, each slot holding modules of other types (`modules`). In a row
 * a slot takes its `divWidth` percent, or its share of what the set widths leave.
 *
 * Pure rules (no React): slot widths, fitting the slot list to `componentNumber`, deleting a slot.
 * The nested modules are validated against their own type's schema by the server
 * (server/routes/applications/service.ts `validateHomeConfig`), not here: this file cannot import the
 * registry that imports it.
 */
import { type ModuleConfig } from '../../common/homeConfig.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import { SPAN_FRACTIONS } from '../../common/constants.js';
import type { ModuleDefinition } from '../types.js';
import { noMigration } from '../rules.js';
import type { FlexModule, FlexSlot } from './schema.js';
export { FLEX_MAX_GAP, FLEX_MAX_PADDING, FLEX_MAX_SLOTS, FLEX_MAX_SLOT_MODULES } from './limits.js';

export type { FlexModule, FlexSlot } from './schema.js';

/** Defaults of spec 2 §9 'Flex defaults': number 1, gap 12 (px), min number 1, min gap 0. */
export const FLEX_DEFAULT_NUMBER = 1;

export const FLEX_DEFAULT_GAP = 12;

/** A new empty slot with a fresh id. */
export function newSlot(): FlexSlot {
  return { id: `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, type: 'div', modules: [] };
}

/** Percent of the row the set widths leave: 100 minus the sum of the set `divWidth`s (may be <= 0). */
export function remainingWidth(slots: readonly Pick<FlexSlot, 'divWidth'>[]): number {
  return 100 - slots.reduce((s, c) => s + (c.divWidth ?? 0), 0);
}

/**
 * Width of each slot in percent of the row (spec 1 §4 'Flex save'): its `divWidth` when set, else
 * (100 minus the sum of set widths) divided by the number of unset slots, floored at 0.
 */
export function slotWidths(slots: readonly Pick<FlexSlot, 'divWidth'>[]): number[] {
  const unset = slots.filter((s) => s.divWidth == null).length;
  const share = unset ? Math.max(0, remainingWidth(slots) / unset) : 0;
  return slots.map((s) => (s.divWidth != null ? s.divWidth : share));
}

/** The result of fitting a slot list: the new list, or the Chinese alert that stops the save. */
export type FitResult = { ok: true; slots: FlexSlot[] } | { ok: false; error: string };

/**
 * Fits the slot list to `componentNumber` (spec 1 §4 'Flex save', §5): extra slots beyond the number are
 * cut (with their modules); missing ones are added empty. Adding to a row layout whose set widths leave
 * no room (remaining width <= 0) fails with 当前组件没有剩余空间，请重新规划后再次新增区域。
 */
export function fitSlots(slots: readonly FlexSlot[], componentNumber: number, direction: 'row' | 'column'): FitResult {
  const n = Math.max(1, Math.floor(componentNumber));
  if (slots.length >= n) return { ok: true, slots: slots.slice(0, n) };
  if (direction === 'row' && slots.length > 0 && remainingWidth(slots) <= 0) return { ok: false, error: SITE_MSG.flexNoSpace };
  const out = [...slots];
  while (out.length < n) out.push(newSlot());
  return { ok: true, slots: out };
}

/** A slot can be deleted only while more than one remains (spec 1 §5). */
export const canDeleteSlot = (slots: readonly unknown[]): boolean => slots.length > 1;

/** The list without the slot `id`; the list unchanged when it is the last one (or not found). */
export function deleteSlot(slots: readonly FlexSlot[], id: string): FlexSlot[] {
  if (!canDeleteSlot(slots)) return [...slots];
  return slots.filter((s) => s.id !== id);
}

/** Every module nested in the slots of a flex config (any stored shape: missing lists count as empty). */
export function nestedModules(cfg: { components?: unknown }): ModuleConfig[] {
  const slots = Array.isArray(cfg.components) ? (cfg.components as Array<{ modules?: unknown }>) : [];
  return slots.flatMap((s) => (Array.isArray(s?.modules) ? (s.modules as ModuleConfig[]) : []));
}

/**
 * The span a module placed in a slot is shown at (its own span is ignored there): the widest span whose
 * fraction of the page fits the slot, i.e. the flex's span fraction times the slot's width percent in a
 * row (the whole flex width in a column); at least 0 (1/4). Panels use it for their columns and item
 * counts (spec 2 §9).
 */
export function nestedSpan(flexSpan: number, slotPct: number, direction: 'row' | 'column' | undefined): number {
  const base = SPAN_FRACTIONS[Number.isInteger(flexSpan) && flexSpan >= 0 && flexSpan <= 5 ? flexSpan : 5];
  const f = base * (direction === 'column' ? 1 : Math.max(0, slotPct) / 100);
  let span = 0;
  SPAN_FRACTIONS.forEach((x, i) => {
    if (x <= f + 0.005) span = i;
  });
  return span;
}

/** The flex config with each nested module's `span` set to nestedSpan of its slot (stored shape kept). */
export function withNestedSpans<C extends { span: number; componentDirection?: 'row' | 'column'; components?: FlexSlot[] }>(cfg: C): C {
  if (!Array.isArray(cfg.components)) return cfg;
  const widths = slotWidths(cfg.components);
  return {
    ...cfg,
    components: cfg.components.map((s, i) => ({
      ...s,
      modules: (s.modules ?? []).map((m) => ({ ...m, span: nestedSpan(cfg.span, widths[i], cfg.componentDirection) })),
    })),
  };
}

export const flexDefinition: ModuleDefinition<FlexModule> = {
  type: 'flex',
  label: '布局组件',
  version: 1,
  defaults: () => ({
    type: 'flex',
    alias: '布局组件',
    span: 5,
    height: 'auto',
    isTop: true,
    isShowTitle: false,
    mode: 'default',
    bgColor: 'transparent',
    componentDirection: 'row',
    padding: 0,
    componentNumber: FLEX_DEFAULT_NUMBER,
    componentGap: FLEX_DEFAULT_GAP,
    components: [newSlot()],
  }),
  height: () => 'auto',
  reads: () => [],
  moreLink: () => null,
  migrate: noMigration,
  container: true,
  nested: nestedModules,
};
