/**
 * The scholar and research-output counts of the institutions a panel shows (spec 1 §3 'Institution':
 * "Counts come back as fruit_count and scholar_count arrays"; spec 2 §7 'Content'): one
 * POST /api/v1/resources/institution/fruit-scholar-count per set of names; the answer fills the counts
 * in (docs/decisions.md #110, #111; rendered by the server since decision 252).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INSTITUTION_COUNT_MAX_NAMES, INSTITUTION_NAME_MAX, INSTITUTION_NAME_SEPARATOR } from '../../common/constants';
import { useHostApi } from '../kit/host';
import type { InstitutionCountsAnswer } from '../../common/contracts/institutions';

/** One institution's counts. */
export interface InstitutionCounts {
  scholars: number;
  fruits: number;
}

/** The answer of the count request, as the server declares it (common/contracts/institutions.ts); read leniently. */
export type CountAnswer = Partial<InstitutionCountsAnswer>;

/** The count endpoint. */
export const INSTITUTION_COUNT_URL = '/api/v1/resources/institution/fruit-scholar-count' as const;

/** The names worth asking about: trimmed, without the separator, at most 200 characters, distinct, at most 50. */
export function countableNames(names: readonly string[]): string[] {
  const out = names.map((n) => n.trim()).filter((n) => n && !n.includes(INSTITUTION_NAME_SEPARATOR) && n.length <= INSTITUTION_NAME_MAX);
  return [...new Set(out)].slice(0, INSTITUTION_COUNT_MAX_NAMES);
}

/** The answer as a map name → counts (a name missing from one list counts 0 there). */
export function countsFromAnswer(answer: CountAnswer): Map<string, InstitutionCounts> {
  const map = new Map<string, InstitutionCounts>();
  const get = (name: string) => map.get(name) ?? map.set(name, { scholars: 0, fruits: 0 }).get(name)!;
  for (const x of answer.scholar_count ?? []) get(x.institution).scholars = Number(x.count) || 0;
  for (const x of answer.fruit_count ?? []) get(x.institution).fruits = Number(x.count) || 0;
  return map;
}

/**
 * The counts of `names` (institution names, in any order): null until they arrive, and null for good
 * when the request fails (the panel then keeps the catalogue's own tallies) or when `enabled` is false
 * (the editor's preview). A query (TanStack), so the server renders the counts into the page and the
 * browser takes them from the page's data instead of asking again (decision 252); one request per
 * distinct set of names, through the host's API client (modules/kit/host.ts).
 */
export function useInstitutionCounts(names: readonly string[], enabled = true): Map<string, InstitutionCounts> | null {
  const host = useHostApi();
  const key = countableNames(names).join(INSTITUTION_NAME_SEPARATOR);
  const q = useQuery({
    queryKey: ['institution-counts', key],
    queryFn: ({ signal }) => host.api.post(INSTITUTION_COUNT_URL, { body: { q: key }, signal }),
    enabled: enabled && !!key,
    staleTime: Infinity,
    retry: false,
  });
  const answer = enabled && key ? q.data : undefined;
  return useMemo(() => (answer ? countsFromAnswer(answer) : null), [answer]);
}
