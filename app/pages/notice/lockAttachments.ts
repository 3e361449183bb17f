/**
 * Locking a rich text's attachment links for a reader without 下载附件 (docs/decisions.md 214), shared
 * by the notice page and the report page (decision 304). No React: a string transform.
 */
import { MSG } from '@common/messages';
import { escapeHtml } from '@common/text';

/** Text for HTML element content and attribute values. */

/** The attachment links of sanitised HTML: `<a …class="…atr-attachment…"…>name</a>` (attributes double-quoted, as sanitize-html writes them). */
const ATTACHMENT = /<a\b([^>]*\bclass="(?:[^"]*\s)?atr-attachment(?:\s[^"]*)?"[^>]*)>([\s\S]*?)<\/a>/g;
const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;

/**
 * The notice's HTML with its attachment links (`a.atr-attachment`) locked for a reader who may not
 * download them (docs/decisions.md 214): 'signIn' turns each into a link to the sign-in page that comes
 * back here (`loginHref`) marked 登录后下载; 'right' turns each into plain text marked 无下载权限. Images
 * and other links are left alone. A string transform of the server's sanitised HTML (no DOM), so the
 * server renderer and the browser produce the same markup; the server refuses the
 * download anyway.
 */
export function lockAttachments(html: string, blocked: 'signIn' | 'right', loginHref: string): string {
  return html.replace(ATTACHMENT, (_all, attrText: string, inner: string) => {
    const attrs = new Map<string, string>();
    for (const m of attrText.matchAll(ATTRIBUTE)) attrs.set(m[1].toLowerCase(), m[2] ?? '');
    const cls = `${attrs.get('class') ?? ''} atr-attachment--locked`.trim();
    if (blocked === 'signIn') {
      const note = `<span class="atr-attachment__lock">${escapeHtml(MSG.downloadAfterLogin)}</span>`;
      return `<a href="${escapeHtml(loginHref)}" class="${cls}" title="${escapeHtml(MSG.downloadLoginRequired)}">${inner}${note}</a>`;
    }
    const note = `<span class="atr-attachment__lock">${escapeHtml(MSG.downloadNoRight)}</span>`;
    const text = inner.replace(/<[^>]*>/g, '');
    return `<span class="atr-attachment atr-attachment--locked" title="${escapeHtml(MSG.downloadRightMissing)}">${text}${note}</span>`;
  });
}
