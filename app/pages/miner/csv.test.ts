/** The literature analysis's CSV (decision 713): quoting, formula cells and the byte-order mark. */
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('王小明')).toBe('王小明');
    expect(csvCell('Smith, J.')).toBe('"Smith, J."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(toCsv(['名称', '记录数'], [['张三', 3]])).toBe('\uFEFF名称,记录数\r\n张三,3\r\n');
  });
});
