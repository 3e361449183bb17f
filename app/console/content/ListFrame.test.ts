/** Empty-state wording of the content lists (spec 2 §8). */
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { splitAction } from './ListFrame';

describe('content list texts', () => {
  it('splits each empty state at the comma and keeps the words verbatim', () => {
    for (const t of [MSG.noticeEmpty, MSG.noticeNoMatch, MSG.linkEmpty, MSG.linkNoMatch]) {
      const [a, b] = splitAction(t);
      expect(`${a}，${b}`).toBe(t);
      expect(b.length).toBeGreaterThan(0);
    }
    expect(splitAction(MSG.noticeEmpty)).toEqual(['还没有通知公告', '去发布？']);
    expect(splitAction(MSG.linkNoMatch)).toEqual(['未找到相关资源链接', '返回资源链接列表']);
  });
});
