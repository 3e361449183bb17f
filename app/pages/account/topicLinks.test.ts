/** Topic manager list rules (spec 1 §4 add/remove and the all list, §5 save disabled, §6 where it appears). */
import { describe, expect, it } from 'vitest';
import { addTopic, allListState, removeTopic, saveDisabled, showTopicManager, type TopicObject } from './topicLinks';

const t = (id: number): TopicObject => ({ id, title: `专题${id}`, url: `http://s${id}.example.cn/`, cover: null });

describe('topic manager lists', () => {
  it('adding a topic makes its all-list entry inactive, removal reactivates it', () => {
    const all = [t(1), t(2), t(3)];
    let mine: TopicObject[] = [];
    mine = addTopic(mine, t(2));
    mine = addTopic(mine, t(2));
    expect(mine.map((x) => x.id)).toEqual([2]);
    expect(allListState(all, mine).map((e) => e.inactive)).toEqual([false, true, false]);
    mine = addTopic(mine, t(1));
    expect(mine.map((x) => x.id)).toEqual([2, 1]);
    mine = removeTopic(mine, 2);
    expect(allListState(all, mine).map((e) => e.inactive)).toEqual([true, false, false]);
  });

  it('disables save when my list is empty or loading', () => {
    expect(saveDisabled([], false)).toBe(true);
    expect(saveDisabled([t(1)], true)).toBe(true);
    expect(saveDisabled([t(1)], false)).toBe(false);
  });

  it('shows the manager only for a signed-in user on an enabled host and a non-group template', () => {
    expect(showTopicManager(true, true, false)).toBe(true);
    expect(showTopicManager(false, true, false)).toBe(false);
    expect(showTopicManager(true, false, false)).toBe(false);
    expect(showTopicManager(true, true, true)).toBe(false);
  });
});
