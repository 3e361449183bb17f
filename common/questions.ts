/**
 * Reference questions 参考咨询 (issue 29 item 4; `/console/issues`, `/microapp/helix/ask`,
 * `/microapp/helix/faq`; docs/decisions.md 590-599): the states staff move a question through and their
 * Chinese labels, the disciplines a reader picks, the limits, and the working-day rule of 已超期, shared
 * by the server (server/questions, server/routes/questions) and the pages. No zod, no React.
 */

/**
 * The states (decision 590): 待分配 → 处理中 (assigned) → 待补充 (asked back; the reader's supplement
 * brings it back to 处理中) → 已答复 → 已关闭. Staff may answer from 待分配, 处理中 or 待补充, and close
 * from any state but 已关闭.
 */
export const QUESTION_STATES = ['unassigned', 'processing', 'needinfo', 'answered', 'closed'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];
export const QUESTION_STATE_LABELS: Record<QuestionState, string> = {
  unassigned: '待分配',
  processing: '处理中',
  needinfo: '待补充',
  answered: '已答复',
  closed: '已关闭',
};
export const isQuestionState = (s: string): s is QuestionState => (QUESTION_STATES as readonly string[]).includes(s);

/** The disciplines a reader picks (the 学科门类 of the national catalogue, and 其他); stored as written. */
export const QUESTION_DISCIPLINES = [
  '哲学',
  '经济学',
  '法学',
  '教育学',
  '文学',
  '历史学',
  '理学',
  '工学',
  '农学',
  '医学',
  '军事学',
  '管理学',
  '艺术学',
  '交叉学科',
  '其他',
] as const;
export type QuestionDiscipline = (typeof QUESTION_DISCIPLINES)[number];

/** What a thread entry is: a staff answer (sanitised HTML), a staff ask-back, a reader's supplement (plain text). */
export const QUESTION_MESSAGE_KINDS = ['answer', 'askback', 'supplement'] as const;
export type QuestionMessageKind = (typeof QUESTION_MESSAGE_KINDS)[number];

/** Limits, in characters after trimming. */
export const QUESTION_TITLE_MAX = 100;
export const QUESTION_TEXT_MAX = 4000;
export const QUESTION_ANSWER_MAX = 50_000;
/** At most this many attachments of at most QUESTION_ATTACHMENT_MAX_MB each (checked by content). */
export const QUESTION_ATTACHMENTS_MAX = 3;
export const QUESTION_ATTACHMENT_MAX_MB = 5;
/** How many questions one account may ask in a day (decision 594). */
export const QUESTIONS_PER_DAY = 5;
/** Questions on one page of the console list and of the FAQ. */
export const QUESTION_PAGE_SIZE = 20;
/** The default answer period, in working days (Mon-Fri), and its range. */
export const QUESTION_DUE_DAYS_DEFAULT = 3;
export const QUESTION_DUE_DAYS_MAX = 30;

/** The visitor pages: ask a question, the public FAQ (common/questionLinks.ts). */
export { ASK_HREF, FAQ_HREF } from './questionLinks.js';

/** The weekday (0 Sunday … 6 Saturday) of an instant in China Standard Time (UTC+8, no summer time). */
function chinaWeekday(ms: number): number {
  return new Date(ms + 8 * 3_600_000).getUTCDay();
}

/**
 * The instant before which an open question is overdue at `now` (decision 592): `now` stepped back by
 * whole days until `dueDays` of the days stepped onto fall on Monday-Friday in China Standard Time
 * (public holidays are not known and count as working days). A question asked at or after it is not
 * overdue. `dueDays` ≥ 1.
 */
export function overdueCutoff(now: Date, dueDays: number): Date {
  let t = now.getTime();
  let counted = 0;
  while (counted < dueDays) {
    t -= 86_400_000;
    const d = chinaWeekday(t);
    if (d !== 0 && d !== 6) counted++;
  }
  return new Date(t);
}

/** The states in which a question waits for staff and so may become 已超期 (decision 592). */
export const QUESTION_WAITING_STATES: readonly QuestionState[] = ['unassigned', 'processing'];
