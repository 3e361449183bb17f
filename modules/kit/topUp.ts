/**
 * Recommendation top-up of the scholar and journal panels (spec 1 §4: "Recommendation for scholars and
 * journals asks for the first page with the panel's item count and tops up from regular data when fewer
 * come back"). Pure helpers; the reads themselves run in app/site/usePanelData.ts.
 */
import type { Page } from '../../common/page.js';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { resourceTypesWhere } from '../../common/resourceTypes.js';

/** The read kinds whose panels take recommendations (spec 1 §4): the registry's `recommended` types. */
export const RECOMMENDED_KINDS: readonly string[] = resourceTypesWhere((d) => !!d.recommended);

/** True when a panel read of `kind` should ask for recommendations first: recommendation on and a signed-in user. */
export function wantsRecommendations(module: Pick<ModuleConfig, 'showRecommendation'>, kind: string, user: { id: number } | null | undefined): boolean {
  return !!module.showRecommendation && !!user && RECOMMENDED_KINDS.includes(kind);
}

const keyOf = (it: unknown): unknown => (it && typeof it === 'object' && 'id' in it ? it.id : it);

/**
 * The first `count` items: the recommended ones in their order, then regular items not already there
 * (by id). When `recommended` has `count` items or more, `regular` is not looked at. Returns a page
 * whose totalElements is the regular total when the regular read was used (else the recommended total).
 */
export function topUp<T>(recommended: Page<T> | null | undefined, regular: Page<T> | null | undefined, count: number): Page<T> {
  const rec = (recommended?.content ?? []).slice(0, count);
  if (rec.length >= count || !regular) {
    return { content: rec, totalElements: recommended?.totalElements ?? rec.length, empty: rec.length === 0, page: 1, size: count };
  }
  const seen = new Set(rec.map(keyOf));
  const content = [...rec];
  for (const it of regular.content) {
    if (content.length >= count) break;
    if (seen.has(keyOf(it))) continue;
    seen.add(keyOf(it));
    content.push(it);
  }
  return { content, totalElements: Math.max(regular.totalElements, content.length), empty: content.length === 0, page: 1, size: count };
}

/** True when the recommended page is short and the regular read must top it up. */
export const needsTopUp = (recommended: Page<unknown> | null | undefined, count: number): boolean => (recommended?.content.length ?? 0) < count;
