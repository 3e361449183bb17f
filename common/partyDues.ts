/**
 * 党费计算 (the party-dues tool at /microapp/widget/tools/party-dues): the monthly and yearly dues of a
 * member by 中共中央组织部《关于中国共产党党费收缴、使用和管理的规定》(2008), docs/decisions.md 640-642.
 * Pure (no React, no Node): the server renders the result of a submitted form with it and the browser
 * recomputes it as one types, so both show the same figure.
 *
 * Amounts are computed in 分 (integers), so no binary fraction reaches a bracket boundary; dues are
 * rounded half up to the 分 (decision 641).
 */
import { MSG, fillMsg } from './messages.js';

/** The member categories the document distinguishes (在职, 离退休, 农民, 学生/下岗失业/低保). */
export const PARTY_DUES_CATEGORIES = ['inService', 'retired', 'farmer', 'student'] as const;
export type PartyDuesCategory = (typeof PARTY_DUES_CATEGORIES)[number];

/** Chinese names of the categories, in the form's order. */
export const PARTY_DUES_CATEGORY_LABELS: Record<PartyDuesCategory, string> = {
  inService: '在职党员',
  retired: '离退休党员',
  farmer: '农民党员',
  student: '学生、下岗失业及领取最低生活保障金的党员',
};

/** The document the brackets come from, as the page cites it. */
export const PARTY_DUES_SOURCE = '中共中央组织部《关于中国共产党党费收缴、使用和管理的规定》（2008 年）';

/** The largest monthly base accepted, 元 (anything above is a typing slip; decision 642). */
export const PARTY_DUES_BASE_MAX = 10_000_000;

/** A farmer member's monthly dues range, 元 (第六条). */
export const FARMER_DUES_MIN = 0.2;
export const FARMER_DUES_MAX = 1;

/** A bracket: up to and including `upTo` 元 (null: no upper bound), `permille` ‰ of the base. */
interface Bracket {
  upTo: number | null;
  permille: number;
}

const IN_SERVICE: readonly Bracket[] = [
  { upTo: 3000, permille: 5 },
  { upTo: 5000, permille: 10 },
  { upTo: 10000, permille: 15 },
  { upTo: null, permille: 20 },
];

const RETIRED: readonly Bracket[] = [
  { upTo: 5000, permille: 5 },
  { upTo: null, permille: 10 },
];

/** The rules quoted on the page, per category: the article and its words. */
export const PARTY_DUES_RULES: Record<PartyDuesCategory, { article: string; text: string }> = {
  inService: {
    article: '第一条、第二条',
    text: '按月领取工资的党员，每月以工资总额中相对固定的、经常性的工资收入（税后）为计算基数。每月工资收入（税后）在 3000 元以下（含 3000 元）者，交纳月工资收入的 0.5%；3000 元以上至 5000 元（含 5000 元）者，交纳 1%；5000 元以上至 10000 元（含 10000 元）者，交纳 1.5%；10000 元以上者，交纳 2%。',
  },
  retired: {
    article: '第五条',
    text: '离退休干部、职工中的党员，每月以实际领取的离退休费总额或养老金总额为计算基数，5000 元以下（含 5000 元）的按 0.5% 交纳党费，5000 元以上的按 1% 交纳党费。',
  },
  farmer: { article: '第六条', text: '农民党员每月交纳党费 0.2 元至 1 元。' },
  student: {
    article: '第六条',
    text: '学生党员、下岗失业的党员、依靠抚恤或救济生活的党员、领取当地最低生活保障金的党员，每月交纳党费 0.2 元。',
  },
};

/** What the form sends: the category and the amount typed (the monthly base; for a farmer the monthly dues). */
export interface PartyDuesInput {
  category?: string | null;
  amount?: string | number | null;
}

/** A computed result; amounts in 元 with two decimals as strings (no float noise on the page). */
export interface PartyDuesResult {
  ok: true;
  category: PartyDuesCategory;
  /** the base the rate applied to, 元 (null for the fixed-amount categories) */
  base: string | null;
  /** the rate as shown, e.g. '1.5%' (null for the fixed-amount categories) */
  rate: string | null;
  /** the bracket in words, e.g. '5000 元以上至 10000 元（含）' */
  bracket: string;
  monthly: string;
  yearly: string;
  /** the rule applied: the document, the article and its words */
  rule: { source: string; article: string; text: string };
}

/** A refusal: the field at fault and a Chinese message. */
export interface PartyDuesRefusal {
  ok: false;
  field: 'category' | 'amount';
  message: string;
}

/** 分 as '12.34'. */
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Parses a typed amount of 元 with at most two decimals into 分, or a refusal message. */
function parseFen(raw: string | number | null | undefined, max: number): number | string {
  const s = typeof raw === 'number' ? String(raw) : (raw ?? '').trim().replace(/[,，\s]/g, '');
  if (s === '') return MSG.partyDuesAmountRequired;
  if (/^-/.test(s)) return MSG.partyDuesAmountNegative;
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return /^\d+\.\d{3,}$/.test(s) ? MSG.partyDuesAmountDecimals : MSG.partyDuesAmountNotNumber;
  // a long string of digits is too large before it is a number
  if (m[1].replace(/^0+/, '').length > String(max).length) return fillMsg(MSG.partyDuesAmountTooLarge, { max });
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (fen > max * 100) return fillMsg(MSG.partyDuesAmountTooLarge, { max });
  return fen;
}

/** Half-up rounding of fen × permille / 1000, in integers. */
const applyPermille = (fen: number, permille: number) => Math.floor((fen * permille * 2 + 1000) / 2000);

const bracketWords = (list: readonly Bracket[], i: number) => {
  const b = list[i];
  const prev = i > 0 ? list[i - 1].upTo : null;
  if (b.upTo === null) return `${prev} 元以上`;
  return prev === null ? `${b.upTo} 元以下（含 ${b.upTo} 元）` : `${prev} 元以上至 ${b.upTo} 元（含 ${b.upTo} 元）`;
};

/**
 * The dues of a member (decisions 640-642).
 * - `category`: one of PARTY_DUES_CATEGORIES; anything else is refused (field 'category').
 * - `amount`: for 在职 / 离退休 the monthly base in 元 (≥ 0, at most two decimals, ≤ PARTY_DUES_BASE_MAX);
 *   for 农民 the monthly dues chosen in 0.2–1 元; ignored for 学生 etc. (0.2 元 a month).
 * Brackets include their upper bound ("以下（含）"). Never throws: bad input is a refusal with a
 * Chinese message naming the field.
 */
export function partyDues(input: PartyDuesInput): PartyDuesResult | PartyDuesRefusal {
  const category = PARTY_DUES_CATEGORIES.find((c) => c === input.category);
  if (!category) return { ok: false, field: 'category', message: MSG.partyDuesCategoryRequired };
  const rule = { source: PARTY_DUES_SOURCE, ...PARTY_DUES_RULES[category] };
  const done = (monthlyFen: number, base: number | null, rate: string | null, bracket: string): PartyDuesResult => ({
    ok: true,
    category,
    base: base === null ? null : yuan(base),
    rate,
    bracket,
    monthly: yuan(monthlyFen),
    yearly: yuan(monthlyFen * 12),
    rule,
  });
  if (category === 'student') return done(20, null, null, '每月 0.2 元');
  if (category === 'farmer') {
    const fen = parseFen(input.amount, FARMER_DUES_MAX);
    if (typeof fen === 'string')
      return { ok: false, field: 'amount', message: fen === MSG.partyDuesAmountRequired ? MSG.partyDuesFarmerRequired : MSG.partyDuesFarmerRange };
    if (fen < FARMER_DUES_MIN * 100 || fen > FARMER_DUES_MAX * 100) return { ok: false, field: 'amount', message: MSG.partyDuesFarmerRange };
    return done(fen, null, null, '每月 0.2 元至 1 元');
  }
  const fen = parseFen(input.amount, PARTY_DUES_BASE_MAX);
  if (typeof fen === 'string') return { ok: false, field: 'amount', message: fen };
  const list = category === 'inService' ? IN_SERVICE : RETIRED;
  const i = list.findIndex((b) => b.upTo === null || fen <= b.upTo * 100);
  const b = list[i];
  return done(applyPermille(fen, b.permille), fen, `${b.permille / 10}%`, bracketWords(list, i));
}

/** The tool's address (spec 1 §2 '/microapp/widget/tools/party-dues'). */
export const PARTY_DUES_HREF = '/microapp/widget/tools/party-dues';
