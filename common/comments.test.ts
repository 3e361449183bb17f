/** Comments as text with links (decision 557): the pieces a page renders, never HTML. */
import { describe, expect, it } from 'vitest';
import { commentPieces, linksIn } from './comments';

describe('commentPieces', () => {
  it('cuts a comment into text and http(s) links, leaving markup-like text as text', () => {
    expect(commentPieces('见 https://lib.example.cn/a?b=1，谢谢 <b>')).toEqual([
      { text: '见 ' },
      { href: 'https://lib.example.cn/a?b=1' },
      { text: '，谢谢 <b>' },
    ]);
    expect(commentPieces('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
    expect(linksIn('http://a.cn http://b.cn https://c.cn')).toHaveLength(3);
  });
});
