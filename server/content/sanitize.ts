/**
 * Sanitising the HTML of the rich-text editor on the server (spec 2 §2 'Rich-text editor'; Standards:
 * HTML from users is sanitised on the server with sanitize-html). The allowlist is what the editor
 * (app/widgets/richtext/) produces and nothing more:
 *
 * - blocks: p, h1-h3, blockquote, hr, ul/ol/li, br; marks: strong, em, s, u;
 * - a: href (http(s) or a path on this site), target (_blank only, which forces rel="noopener noreferrer"),
 *   rel; the attachment node `<a class="atr-attachment" href="/files/…" download>text</a>`;
 * - img: src (http(s) or /files/…), alt, width, height (numbers); an image without a usable src goes;
 * - table, colgroup/col, thead, tbody, tr, th/td with colspan/rowspan (numbers).
 *
 * No style, no class other than atr-attachment, no on* attributes, no javascript:/data: URLs; the text of
 * script, style, textarea, noscript and other non-text tags is dropped, other unknown tags are unwrapped
 * (their text stays, escaped).
 */
import sanitizeHtml from 'sanitize-html';
import { isSiteLink } from '../../common/safePath.js';

/** Paths of uploaded files on this site (POST /api/v1/files answers such a path). */
const FILE_PATH = /^\/files\/[^\s"'<>\\]+$/;
const HTTP_URL = /^https?:\/\/[^\s"'<>\\]+$/i;
const NUMBER = /^\d{1,5}$/;

/**
 * Whether a link target is allowed: an http(s) URL or a path on this site, by the one same-origin check
 * the browser and the server share (common/safePath.ts isSiteLink: no `//host`, no backslash, no
 * control character raw or percent-encoded; decision 251).
 */
export function isSafeHref(v: string | undefined): boolean {
  return !!v && isSiteLink(v);
}

/** Whether an image source is allowed: an http(s) URL or an uploaded file (/files/…). */
export function isSafeImageSrc(v: string | undefined): boolean {
  return !!v && isSiteLink(v) && (HTTP_URL.test(v) || FILE_PATH.test(v));
}

/** IOptions plus allowedEmptyAttributes (in sanitize-html 2.17, missing from its types). */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'strong',
    'em',
    's',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'br',
    'a',
    'img',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'download'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: { a: ['atr-attachment'] },
  allowedEmptyAttributes: ['alt', 'download'],
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  selfClosing: ['img', 'br', 'hr', 'col'],
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'select'],
  transformTags: {
    // the editor writes <b>/<i> when pasted from elsewhere: keep their meaning
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (isSafeHref(attribs.href)) out.href = attribs.href;
      const attachment = (attribs.class ?? '').split(/\s+/).includes('atr-attachment') && out.href !== undefined && FILE_PATH.test(out.href);
      if (attachment) {
        out.class = 'atr-attachment';
        out.download = '';
      }
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else if (attribs.rel && /^[\w\s-]{1,60}$/.test(attribs.rel)) {
        out.rel = attribs.rel;
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (isSafeImageSrc(attribs.src)) out.src = attribs.src;
      if (attribs.alt) out.alt = attribs.alt.slice(0, 200);
      for (const k of ['width', 'height'] as const) if (NUMBER.test(attribs[k] ?? '')) out[k] = attribs[k];
      return { tagName, attribs: out };
    },
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
  },
  // an image whose source was refused shows nothing
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function spans(attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['colspan', 'rowspan'] as const) if (NUMBER.test(attribs[k] ?? '') && Number(attribs[k]) >= 1) out[k] = attribs[k];
  return out;
}

/**
 * Sanitises editor HTML with the allowlist of the file comment. Input: any string (HTML from a user);
 * result: HTML safe to render with dangerouslySetInnerHTML. Never throws.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Whether sanitised HTML has anything to show: visible text, an image, a table or a divider
 * (the editor's empty document is `<p></p>`).
 */
export function hasContent(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return true;
  const textOnly = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0|\u3000/g, '')
    .trim();
  return textOnly.length > 0;
}

/** The key of a `/files/<key>` path (query and fragment cut), or null for another address. */
function fileKeyOf(path: string | undefined): string | null {
  const m = /^\/files\/([^?#\s"'<>\\]+)/.exec(path ?? '');
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/**
 * The stored files a piece of sanitised HTML offers as attachments (docs/decisions.md 213): the keys of
 * its attachment links `<a class="atr-attachment" href="/files/<key>">`, each once, in document order,
 * leaving out any key the same HTML also shows as an image (`<img src="/files/<key>">`: images in the
 * content stay visible). Plain links and images are never attachments. Input: the output of
 * sanitizeRichText; at most 200 keys.
 */
export function attachmentKeys(html: string): string[] {
  const images = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)) {
    const k = fileKeyOf(m[1]);
    if (k) images.add(k);
  }
  const keys: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\bclass="atr-attachment"/.test(tag)) continue;
    const k = fileKeyOf(/\bhref="([^"]*)"/.exec(tag)?.[1]);
    if (k && !images.has(k) && !keys.includes(k)) keys.push(k);
    if (keys.length >= 200) break;
  }
  return keys;
}
