import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { partyDues, PARTY_DUES_BASE_MAX } from './partyDues.js';

const ok = (category: string, amount?: string | number) => {
  const r = partyDues({ category, amount });
  if (!r.ok) throw new Error(r.message);
  return r;
};
const refusal = (category: string, amount?: string | number) => {
  const r = partyDues({ category, amount });
  if (r.ok) throw new Error(`expected a refusal, got ${r.monthly}`);
  return r;
};

describe('partyDues: in-service brackets (第二条), upper bound included', () => {
  it.each([
    ['0', '0.5%', '0.00'],
    ['0.01', '0.5%', '0.00'],
    ['3000', '0.5%', '15.00'],
    ['3000.00', '0.5%', '15.00'],
    ['3000.01', '1%', '30.00'],
    ['5000', '1%', '50.00'],
    ['5000.01', '1.5%', '75.00'],
    ['10000', '1.5%', '150.00'],
    ['10000.01', '2%', '200.00'],
    ['12345.67', '2%', '246.91'],
  ])('base %s → %s, %s 元 a month', (base, rate, monthly) => {
    const r = ok('inService', base);
    expect(r.rate).toBe(rate);
    expect(r.monthly).toBe(monthly);
    expect(r.yearly).toBe(((Math.round(Number(monthly) * 100) * 12) / 100).toFixed(2));
    expect(r.rule.article).toBe('第一条、第二条');
  });
  it('rounds half up to the 分 and names the bracket', () => {
    // 4500.50 × 1% = 45.005 → 45.01
    const r = ok('inService', '4500.50');
    expect(r.monthly).toBe('45.01');
    expect(r.yearly).toBe('540.12');
    expect(r.bracket).toBe('3000 元以上至 5000 元（含 5000 元）');
    expect(ok('inService', '3000').bracket).toBe('3000 元以下（含 3000 元）');
    expect(ok('inService', '20000').bracket).toBe('10000 元以上');
  });
  it('takes a number and thousands separators', () => {
    expect(ok('inService', 5000).monthly).toBe('50.00');
    expect(ok('inService', '10,000').monthly).toBe('150.00');
  });
});

describe('partyDues: retirees (第五条)', () => {
  it.each([
    ['0', '0.5%', '0.00'],
    ['5000', '0.5%', '25.00'],
    ['5000.01', '1%', '50.00'],
    ['8000', '1%', '80.00'],
  ])('base %s → %s, %s 元 a month', (base, rate, monthly) => {
    const r = ok('retired', base);
    expect(r.rate).toBe(rate);
    expect(r.monthly).toBe(monthly);
    expect(r.rule.article).toBe('第五条');
  });
});

describe('partyDues: fixed amounts (第六条)', () => {
  it.each([
    ['0.2', '0.20', '2.40'],
    ['0.5', '0.50', '6.00'],
    ['1', '1.00', '12.00'],
    ['1.00', '1.00', '12.00'],
  ])('farmer %s → %s a month, %s a year', (amount, monthly, yearly) => {
    const r = ok('farmer', amount);
    expect([r.monthly, r.yearly, r.rate]).toEqual([monthly, yearly, null]);
  });
  it.each(['0.19', '1.01', '0', '-0.5', '5', 'abc', '0.555'])('farmer %s is refused', (amount) => {
    expect(refusal('farmer', amount)).toEqual({ ok: false, field: 'amount', message: MSG.partyDuesFarmerRange });
  });
  it('farmer without an amount is asked for one', () => {
    expect(refusal('farmer', '').message).toBe(MSG.partyDuesFarmerRequired);
  });
  it('students and the others pay 0.2 元 a month whatever is typed', () => {
    for (const amount of [undefined, '', 'x', '99999']) {
      const r = ok('student', amount);
      expect([r.monthly, r.yearly]).toEqual(['0.20', '2.40']);
    }
  });
});

describe('partyDues: bad input is a Chinese refusal, never a throw', () => {
  it.each([
    ['inService', '', MSG.partyDuesAmountRequired],
    ['inService', '-1', MSG.partyDuesAmountNegative],
    ['retired', '-0.01', MSG.partyDuesAmountNegative],
    ['inService', 'abc', MSG.partyDuesAmountNotNumber],
    ['inService', '1e5', MSG.partyDuesAmountNotNumber],
    ['inService', 'NaN', MSG.partyDuesAmountNotNumber],
    ['inService', 'Infinity', MSG.partyDuesAmountNotNumber],
    ['inService', '3000.123', MSG.partyDuesAmountDecimals],
    ['inService', '99999999999999999999999999', `月计算基数不能超过 ${PARTY_DUES_BASE_MAX} 元，请检查输入`],
    ['inService', String(PARTY_DUES_BASE_MAX + 0.01), `月计算基数不能超过 ${PARTY_DUES_BASE_MAX} 元，请检查输入`],
  ])('%s %j → %s', (category, amount, message) => {
    expect(refusal(category, amount)).toEqual({ ok: false, field: 'amount', message });
  });
  it('the largest base is accepted', () => {
    expect(ok('inService', String(PARTY_DUES_BASE_MAX)).monthly).toBe('200000.00');
  });
  it('an unknown or missing category is refused', () => {
    expect(refusal('boss', '100')).toEqual({ ok: false, field: 'category', message: MSG.partyDuesCategoryRequired });
    expect(partyDues({}).ok).toBe(false);
    expect(partyDues({ category: null, amount: null }).ok).toBe(false);
  });
});
