/**
 * The server-side sanitiser of editor HTML (spec 2 §2; Standards 'HTML from users is sanitised'):
 * what the editor produces survives, a list of XSS payloads comes out without script, event
 * handlers, javascript:/data: URLs or styles.
 */
import { describe, expect, it } from 'vitest';
import { attachmentKeys, hasContent, sanitizeRichText } from './sanitize.js';
import { XSS_PAYLOADS } from '../test/xssPayloads.js';

const DANGER = /<script|<iframe|<object|<embed|<svg|<style|<form|<input|<meta|<base|<link|\son[a-z]+\s*=|javascript:|vbscript:|data:|style\s*=|expression\(/i;

describe('sanitizeRichText', () => {
  it.each(XSS_PAYLOADS)('defuses %s', (payload) => {
    const out = sanitizeRichText(payload);
    expect(out).not.toMatch(DANGER);
    // and sanitising is stable: the result passes through unchanged
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('keeps what the editor produces', () => {
    const html = [
      '<h1>标题</h1>',
      '<p>正文<strong>加粗</strong><em>斜体</em><s>删除</s><u>下划线</u><br>换行</p>',
      '<ol><li><p>一</p></li></ol><ul><li><p>二</p></li></ul>',
      '<blockquote><p>引用</p></blockquote><hr>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.nstl.gov.cn">国家科技图书文献中心</a></p>',
      '<p><a href="/resources/notices/3">站内</a></p>',
      '<img src="/files/2026/ab12.png" alt="图" width="320" height="200">',
      '<img src="https://img.example.cn/x.jpg">',
      '<table><colgroup><col><col></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>表头</p></th><th colspan="2" rowspan="1"><p>B</p></th></tr><tr><td colspan="1" rowspan="1"><p>格</p></td></tr></tbody></table>',
      '<p><a class="atr-attachment" href="/files/2026/report.pdf" download>年度报告.pdf</a></p>',
    ].join('');
    const out = sanitizeRichText(html);
    expect(out).toContain('<h1>标题</h1>');
    expect(out).toContain('<strong>加粗</strong><em>斜体</em><s>删除</s><u>下划线</u><br />换行');
    expect(out).toContain('<blockquote><p>引用</p></blockquote><hr />');
    expect(out).toContain('<a href="https://www.nstl.gov.cn" target="_blank" rel="noopener noreferrer">国家科技图书文献中心</a>');
    expect(out).toContain('<colgroup><col /><col /></colgroup>');
    expect(out).toContain('<a href="/resources/notices/3">站内</a>');
    expect(out).toContain('<img src="/files/2026/ab12.png" alt="图" width="320" height="200" />');
    expect(out).toContain('<img src="https://img.example.cn/x.jpg" />');
    expect(out).toContain('<th colspan="2" rowspan="1"><p>B</p></th>');
    expect(out).toContain('<a href="/files/2026/report.pdf" class="atr-attachment" download="">年度报告.pdf</a>');
  });

  it('drops refused sources and attributes but keeps the text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">点我</a>')).toBe('<a>点我</a>');
    expect(sanitizeRichText('<img src="/etc/passwd">')).toBe('');
    expect(sanitizeRichText('<p style="color:red" class="x" onclick="y">文字</p>')).toBe('<p>文字</p>');
    expect(sanitizeRichText('<div>块</div><span>行</span>')).toBe('块行');
    expect(sanitizeRichText('<a class="atr-attachment" href="https://x.cn/a.pdf" download>外链</a>')).toBe('<a href="https://x.cn/a.pdf">外链</a>');
    expect(sanitizeRichText('<td colspan="x" rowspan="3">a</td>')).toBe('<td rowspan="3">a</td>');
    expect(sanitizeRichText('1 < 2 & <b>粗</b>')).toBe('1 &lt; 2 &amp; <strong>粗</strong>');
  });

  it('keeps a link only when it stays on the site or is an http(s) address (common/safePath.ts, decision 251)', () => {
    for (const bad of [
      '/\\evil.example/',
      '//evil.example/',
      '/%09/evil.example',
      '/%5cevil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:a@b.cn',
    ]) {
      expect(sanitizeRichText(`<a href="${bad}">链接</a>`), bad).toBe('<a>链接</a>');
    }
    for (const good of ['/resources/notices/3', '/files/abc.pdf', 'https://example.org/x?a=1']) {
      expect(sanitizeRichText(`<a href="${good}">链接</a>`)).toBe(`<a href="${good}">链接</a>`);
    }
  });

  it('tells empty content from content', () => {
    expect(hasContent(sanitizeRichText('<p></p>'))).toBe(false);
    expect(hasContent(sanitizeRichText('<p> &nbsp; </p><script>x</script>'))).toBe(false);
    expect(hasContent(sanitizeRichText('<p>\u3000\u3000</p>'))).toBe(false);
    expect(hasContent(sanitizeRichText('<p>字</p>'))).toBe(true);
    expect(hasContent(sanitizeRichText('<hr>'))).toBe(true);
    expect(hasContent(sanitizeRichText('<img src="/files/a.png">'))).toBe(true);
  });
});

describe('attachmentKeys (docs/decisions.md 213)', () => {
  it('lists the attachment links of sanitised HTML once each, never images or plain links', () => {
    const html = sanitizeRichText(
      '<p><a class="atr-attachment" href="/files/a.pdf" download>报告</a> <a href="/files/plain.pdf">普通链接</a>' +
        '<img src="/files/pic.png"><a class="atr-attachment" href="/files/pic.png">图</a><a class="atr-attachment" href="/files/a.pdf">again</a>' +
        '<a class="atr-attachment" href="/files/b%20c.zip?x=1#y">压缩包</a><a class="atr-attachment" href="https://example.cn/x.pdf">外链</a></p>',
    );
    expect(attachmentKeys(html)).toEqual(['a.pdf', 'b c.zip']);
    expect(attachmentKeys('<p>无附件</p>')).toEqual([]);
  });
});
