/** The advanced search's rows in the address (common/advancedSearch.ts; decisions 680-682). */
import { describe, expect, it } from 'vitest';
import { conditionParam, conditionProblem, conditionsOf, findingTerms, groupsOf, parseCondition, yearsProblem } from './advancedSearch';
import { MSG } from './messages';

describe('advanced search rows', () => {
  it('reads c parameters back as rows, keeping dots in the value and dropping unknown joins and fields', () => {
    const p = new URLSearchParams();
    for (const c of ['AND.doi.10.1000/x.y', 'XOR.title.a', 'AND.color.b', 'NOT.keyword. 综述 ', 'OR.title.']) p.append('c', c);
    expect(conditionsOf(p)).toEqual([
      { op: 'AND', field: 'doi', value: '10.1000/x.y' },
      { op: 'NOT', field: 'keyword', value: '综述' },
    ]);
    expect(parseCondition(conditionParam({ op: 'OR', field: 'author', value: '张三' }))).toEqual({ op: 'OR', field: 'author', value: '张三' });
  });

  it('takes the form posted without JavaScript (o, f, v) and a plain q', () => {
    const form = new URLSearchParams('f=title&v=图像&o=NOT&f=keyword&v=综述&o=AND&f=author&v=');
    expect(conditionsOf(form)).toEqual([
      { op: 'AND', field: 'title', value: '图像' },
      { op: 'NOT', field: 'keyword', value: '综述' },
    ]);
    expect(conditionsOf(new URLSearchParams('q=深度 学习'))).toEqual([{ op: 'AND', field: 'any', value: '深度 学习' }]);
  });

  it('groups rows: AND binds tighter than OR, NOT rows apart', () => {
    const rows = conditionsOf(new URLSearchParams('c=AND.title.a&c=AND.author.b&c=OR.journal.c&c=NOT.keyword.d'));
    expect(groupsOf(rows)).toEqual({
      groups: [
        [
          { op: 'AND', field: 'title', value: 'a' },
          { op: 'AND', field: 'author', value: 'b' },
        ],
        [{ op: 'OR', field: 'journal', value: 'c' }],
      ],
      excluded: [{ op: 'NOT', field: 'keyword', value: 'd' }],
    });
    expect(findingTerms(rows)).toEqual(['a', 'b', 'c']);
  });

  it('says why rows or years cannot be searched', () => {
    expect(conditionProblem([{ op: 'AND', field: 'abstract', value: 'x' }])).toBe(MSG.advancedGroupNeedsIndexed);
    expect(conditionProblem([{ op: 'AND', field: 'doi', value: '10.1/x' }])).toBeNull();
    expect(conditionProblem([])).toBe(MSG.advancedNeedsCondition);
    expect(yearsProblem(2020, 2019)).toContain('年份须为');
    expect(yearsProblem(2019, null)).toBeNull();
  });
});
