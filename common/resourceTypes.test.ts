/**
 * The resource-type registry (decision 450): every resource type declared, its label the one its fields
 * carry, its detail addresses, and the maps read from it (CSL import, facets) as they were written by hand.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPE_LABELS, RESOURCE_TYPES } from './constants';
import { RESOURCE_TYPE_SPECS } from './resourceFields';
import { RESOURCE_TYPE_REGISTRY, profileHref, resourceDetailHref, resourceHref, resourceTypeOf, resourceTypesWhere } from './resourceTypes';
import { CATEGORY_FACET_LABELS, FIELD_FACETS, FIELD_FACET_KEYS } from './searchFacets';

describe('resource-type registry', () => {
  it('declares every resource type once, under its own name, with the label of its fields', () => {
    expect(Object.keys(RESOURCE_TYPE_REGISTRY)).toEqual([...RESOURCE_TYPES]);
    for (const t of RESOURCE_TYPES) {
      expect(RESOURCE_TYPE_REGISTRY[t].type).toBe(t);
      expect(RESOURCE_TYPE_REGISTRY[t].label).toBe(RESOURCE_TYPE_LABELS[t]);
      expect(RESOURCE_TYPE_SPECS[t].label, t).toBe(RESOURCE_TYPE_LABELS[t]);
    }
  });

  it('finds a type by name, and nothing for other strings', () => {
    expect(resourceTypeOf('journal')?.subscribable).toBe(true);
    expect(resourceTypeOf('flex')).toBeUndefined();
    expect(resourceTypeOf('toString')).toBeUndefined();
    expect(resourceTypeOf(undefined)).toBeUndefined();
  });

  it('links a record to its page: reports, notices, profiles, the explore detail page', () => {
    expect(resourceHref('article', 5)).toBe('/microapp/explore/resources/article/5');
    expect(resourceHref('notice', 5)).toBe('/resources/notices/5');
    expect(resourceHref('report', 7)).toBe('/microapp/report/detail/7');
    // panels link a scholar to the explore address, which redirects to the profile
    expect(resourceHref('scholar', 8)).toBe('/microapp/explore/resources/scholar/8');
    expect(resourceHref('unknown_kind', 'a b')).toBe('/microapp/explore/resources/unknown_kind/a%20b');
    expect(resourceDetailHref('scholar', 8)).toBe(profileHref(8));
    expect(profileHref(8)).toBe('/microapp/profile/8');
    expect(resourceDetailHref('institution', 3)).toBe('/microapp/explore/resources/institution/3');
    expect(resourceDetailHref('report', 7)).toBe('/microapp/report/detail/7');
  });

  it('the behaviours that set a type apart belong to the types they did', () => {
    expect(resourceTypesWhere((d) => !!d.subscribable)).toEqual(['journal']);
    expect(resourceTypesWhere((d) => !!d.recommended)).toEqual(['scholar', 'journal']);
    expect(resourceTypesWhere((d) => !!d.researchOutput)).toEqual(['article', 'patent', 'report']);
    expect(resourceTypesWhere((d) => d.detail === 'profile')).toEqual(['scholar']);
    expect(resourceTypesWhere((d) => !!d.members)).toEqual(['institution']);
    expect(resourceTypesWhere((d) => !!d.memberOf)).toEqual(['scholar']);
    expect(resourceTypesWhere((d) => !!d.event)).toEqual(['conference']);
    expect(resourceTypesWhere((d) => d.searchScope === false)).toEqual(['notice', 'resource']);
    expect(resourceTypesWhere((d) => !!d.listHref)).toEqual(['report']);
    expect(RESOURCE_TYPE_REGISTRY.journal.topV4Count).toBe(51);
    expect(RESOURCE_TYPE_REGISTRY.report.outputShare).toEqual([2, 4]);
  });

  it('the facets read from the registry are the ones of decision 263', () => {
    expect(Object.fromEntries(Object.entries(FIELD_FACETS).map(([t, fs]) => [t, fs.map((f) => `${f.key}:${f.field}`)]))).toEqual({
      institution: ['province:province', 'level:level'],
      journal: ['partition:partition', 'ccf:ccf_rank'],
      conference: ['rank:rank_ccf', 'year:year'],
      scholar: ['country:country'],
    });
    expect([...FIELD_FACET_KEYS].sort()).toEqual(['ccf', 'country', 'level', 'partition', 'province', 'rank', 'year']);
    expect(CATEGORY_FACET_LABELS).toEqual({ article: '学科分类', journal: '学科', conference: '领域', institution: '分类', scholar: '分类' });
  });
});
