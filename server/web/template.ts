/**
 * The page template (dist/app/index.html, built from app/index.html) and how a page is filled in. The template is cut once at its three markers; a page is the pieces joined with
 * the escaped parts between them. No `String.prototype.replace` with a string argument: stored text
 * holding `$'`, `` $` `` or `$&` stays what it is.
 *
 * Boot data and the signing key travel as JSON data blocks (`<script type="application/json">`),
 * which the browser never runs, so the Content-Security-Policy needs no inline script at all.
 */
import { escapeHtml } from '../../common/text.js';

const MARKERS = ['<!--atrium-head-->', '<!--atrium-app-->', '<!--atrium-boot-->'] as const;

/** The template cut at its markers: 4 pieces. */
export interface Template {
  pieces: [string, string, string, string];
}

/** Cuts the template; throws when a marker is missing or repeated (a broken build). */
export function parseTemplate(html: string): Template {
  const pieces: string[] = [];
  let rest = html;
  for (const m of MARKERS) {
    const i = rest.indexOf(m);
    if (i < 0 || rest.indexOf(m, i + 1) >= 0) throw new Error(`页面模板缺少标记 ${m}`);
    pieces.push(rest.slice(0, i));
    rest = rest.slice(i + m.length);
  }
  pieces.push(rest);
  return { pieces: pieces as Template['pieces'] };
}

/** JSON that can sit inside a `<script>` element: no `<`, and no line separators JavaScript rejects. */
export const escapeJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The parts of one page. */
export interface PageParts {
  title: string;
  /** the meta description, or '' for none */
  description: string;
  /** antd's extracted `<style>` tags (trusted markup of the renderer) */
  styles: string;
  /** the feeds' `<link rel="alternate">` tags (server/feeds/urls.ts alternateLinks), '' for none */
  alternates?: string;
  /** the rendered lazy pages' `<link rel="modulepreload">` tags (./chunkPreloads.ts), '' for none */
  preloads?: string;
  /** the rendered app (trusted markup of the renderer), '' for a page the browser renders */
  appHtml: string;
  /** the boot data as JSON already escaped with {@link escapeJson} */
  bootJson: string;
  /** the signing key JSON already escaped with {@link escapeJson} */
  signingJson: string;
}

/** The head part of a page: title, description, feed autodiscovery links, module preloads and styles. */
export function headOf(p: Pick<PageParts, 'title' | 'description' | 'styles' | 'alternates' | 'preloads'>): string {
  return `<title>${escapeHtml(p.title)}</title>${p.description ? `<meta name="description" content="${escapeHtml(p.description)}" />` : ''}${p.alternates ?? ''}${p.preloads ?? ''}${p.styles}`;
}

/** A page as bytes around its one per-request part, the signing key (cached pages keep these). */
export interface EncodedPage {
  before: Buffer;
  after: Buffer;
}

/** Encodes everything of a page but the signing key, once: a request then only joins three buffers. */
export function encodePage(t: Template, p: Omit<PageParts, 'signingJson'>): EncodedPage {
  const [a, b, c, d] = t.pieces;
  return {
    before: Buffer.from(
      a +
        headOf(p) +
        b +
        p.appHtml +
        c +
        `<script type="application/json" id="atrium-boot">${p.bootJson}</script>` +
        '<script type="application/json" id="atrium-signing">',
      'utf8',
    ),
    after: Buffer.from(`</script>${d}`, 'utf8'),
  };
}
