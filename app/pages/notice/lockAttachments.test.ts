/**
 * Locked attachments (decision 214) as the server renderer and the browser both write them: a string
 * transform of the sanitiser's HTML, the same on both sides.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { lockAttachments } from './NoticePage';

const html =
  '<p><a href="/files/2026/report.pdf" class="atr-attachment" download="">年度报告.pdf</a> 与 <a href="/files/plain.pdf">普通链接</a></p><img src="/files/pic.png" />';

describe('lockAttachments', () => {
  it('turns an attachment into a sign-in link marked 登录后下载 for a signed-out reader', () => {
    const out = lockAttachments(html, 'signIn', '/console/login?redirect=%2Fresources%2Fnotices%2F7');
    expect(out).toContain(
      `<a href="/console/login?redirect=%2Fresources%2Fnotices%2F7" class="atr-attachment atr-attachment--locked" title="${MSG.downloadLoginRequired}">年度报告.pdf<span class="atr-attachment__lock">${MSG.downloadAfterLogin}</span></a>`,
    );
    expect(out).not.toContain('download=');
    expect(out).not.toContain('/files/2026/report.pdf');
    // other links and images stay as they were
    expect(out).toContain('<a href="/files/plain.pdf">普通链接</a>');
    expect(out).toContain('<img src="/files/pic.png" />');
  });

  it('turns an attachment into plain text marked 无下载权限 for a reader without the right', () => {
    const out = lockAttachments(html, 'right', '/x');
    expect(out).toContain(
      `<span class="atr-attachment atr-attachment--locked" title="${MSG.downloadRightMissing}">年度报告.pdf<span class="atr-attachment__lock">${MSG.downloadNoRight}</span></span>`,
    );
    expect(out).not.toContain('/files/2026/report.pdf');
  });

  it('escapes the sign-in address it writes', () => {
    expect(lockAttachments(html, 'signIn', '/console/login?redirect="><script>')).toContain('href="/console/login?redirect=&#34;&#62;&#60;script&#62;"');
  });
});
