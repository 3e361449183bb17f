/**
 * Readers' comments (docs/decisions.md 557-566), shared by the server (server/routes/comments) and the
 * pages (app/widgets/comments, app/console/moderation): what can be commented on, the length, the modes,
 * the limits, and the one function that cuts a comment into text and links for display. No React, no
 * Node APIs.
 */

/** What a comment is about: a notice, a catalogue record, a research report, a WeChat article, a community's post (decision 626). */
export const COMMENT_TARGETS = ['notice', 'resource', 'report', 'wechat', 'post'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];
export const COMMENT_TARGET_LABELS: Record<CommentTarget, string> = {
  notice: '通知公告',
  resource: '资源',
  report: '研究报告',
  wechat: '公众号文章',
  post: '社区帖子',
};

/** 先审后发 (held until approved) or 先发后审 (shown at once, reviewable). */
export const COMMENT_MODES = ['pre', 'post'] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];
export const COMMENT_MODE_LABELS: Record<CommentMode, string> = { pre: '先审后发', post: '先发后审' };

export const COMMENT_MAX = 1000;
/** More links than this hold a comment for review. */
export const COMMENT_LINKS_ALLOWED = 2;
/** This many 举报 hold a comment for review. */
export const COMMENT_REPORTS_HOLD = 3;
/** Per account: comments a minute, comments a day. */
export const COMMENT_PER_MINUTE = 5;
export const COMMENT_PER_DAY = 100;
/** Comments per page on a detail page. */
export const COMMENT_PAGE_SIZE = 20;
/** The most words a sensitive-word list holds, and the longest word. */
export const SENSITIVE_WORDS_MAX = 10_000;
export const SENSITIVE_WORD_LENGTH = 50;

const URL_RE = /https?:\/\/[^\s<>"'，。；！？、）)】]+/gi;

/** The http(s) addresses in a text, in order. */
export function linksIn(text: string): string[] {
  return text.match(URL_RE) ?? [];
}

/** A comment cut into plain text and links, for rendering as text nodes and anchors (never as HTML). */
export type CommentPiece = { text: string } | { href: string };

/** Cuts `text` into pieces: plain text and the http(s) addresses in it (autolinking without HTML). */
export function commentPieces(text: string): CommentPiece[] {
  const out: CommentPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_RE)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ href: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
