/**
 * Shared words of 学者认证与成果认领 (issue 29 §6; docs/decisions.md 650-656): the two review queues
 * `user_examine` (a reader claims a scholar profile, or its verified owner edits its biography and links)
 * and `fruit_appeal` (a verified scholar claims a research output or disputes one attributed to them).
 * Used by the server (server/submissions/scholarClaim*.ts) and the pages. No React, no Node APIs.
 */

/** What a `user_examine` submission asks: to be verified as the scholar, or to change the verified profile (decision 652). */
export const SCHOLAR_REQUEST_KINDS = ['claim', 'profile'] as const;
export type ScholarRequestKind = (typeof SCHOLAR_REQUEST_KINDS)[number];
export const SCHOLAR_REQUEST_LABELS: Record<ScholarRequestKind, string> = { claim: '学者认证', profile: '简介与链接修改' };

/** The evidence of a claim (decision 650): a code sent to an address at the institution's domain, or a document. */
export const SCHOLAR_EVIDENCE = ['email', 'document'] as const;
export type ScholarEvidence = (typeof SCHOLAR_EVIDENCE)[number];
export const SCHOLAR_EVIDENCE_LABELS: Record<ScholarEvidence, string> = { email: '机构邮箱验证', document: '证明材料' };

/** What a `fruit_appeal` submission asks (decision 654): 认领 (be named as author) or 申诉 (not be). */
export const FRUIT_APPEAL_MODES = ['claim', 'appeal'] as const;
export type FruitAppealMode = (typeof FRUIT_APPEAL_MODES)[number];
export const FRUIT_APPEAL_MODE_LABELS: Record<FruitAppealMode, string> = { claim: '认领', appeal: '申诉' };

/** Limits of what a reader writes. */
export const SCHOLAR_BIO_MAX = 2000;
export const SCHOLAR_LINKS_MAX = 5;
export const SCHOLAR_LINK_TITLE_MAX = 50;
export const SCHOLAR_NOTE_MAX = 500;
export const FRUIT_REASON_MAX = 500;
/** The largest evidence document, in MB (PDF or image). */
export const SCHOLAR_DOCUMENT_MAX_MB = 5;

/** The resource types a scholar may claim as their research output (decision 654). */
export const OUTPUT_TYPES = ['fruit', 'article', 'book', 'standard', 'sciencedata'] as const;

/** Whether `type` is a research output (认领成果 is offered on its detail page). */
export const isOutputType = (type: string): boolean => (OUTPUT_TYPES as readonly string[]).includes(type);

/**
 * The mail domain of a web address (decision 650): its host without a leading `www.`, lower-cased; null
 * when the address cannot be read or its host is an IP address or has no dot.
 */
export function domainOfUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/^www\./, '');
    if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return null;
    return host;
  } catch {
    return null;
  }
}

/** Whether the e-mail address is at `domain` or one of its subdomains (a@pku.edu.cn, a@math.pku.edu.cn for pku.edu.cn). */
export function emailAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const host = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return host === domain || host.endsWith(`.${domain}`);
}
