/**
 * What an audit entry keeps of a write (docs/decisions.md 312-313): only the changed fields, both sides;
 * secrets hidden at any depth; long values cut; a body that is not a JSON object keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { HIDDEN, MAX_VALUE_CHARS, bodyChanges, diffRows, hideSecrets, storedValue } from './changes.js';
import { csvCell } from '../routes/auditLogs/service.js';

describe('audit changes', () => {
  it('keeps only the fields that changed, with a creation and a deletion one-sided', () => {
    expect(diffRows({ title: '旧', top: 0, content: '<p>x</p>' }, { title: '新', top: 0, content: '<p>x</p>' })).toEqual({
      mode: 'diff',
      fields: [{ field: 'title', before: '旧', after: '新' }],
    });
    expect(diffRows(null, { title: '新', cover: null })).toEqual({ mode: 'diff', fields: [{ field: 'title', after: '新' }] });
    expect(diffRows({ title: '旧' }, null)).toEqual({ mode: 'diff', fields: [{ field: 'title', before: '旧' }] });
    expect(diffRows({ rights: ['home'] }, { rights: ['home', 'content'] }).fields).toEqual([
      { field: 'rights', before: '["home"]', after: '["home","content"]' },
    ]);
  });

  it('hides secrets and masks phone numbers at any depth, and never keeps an upload', () => {
    expect(bodyChanges({ mobile: '13800000000', code: '123456', oauthUri: { clientId: 'a', clientSecret: 's3cret' } })).toEqual({
      mode: 'body',
      fields: [
        { field: 'mobile', after: '138****0000' },
        { field: 'code', after: HIDDEN },
        { field: 'oauthUri', after: `{"clientId":"a","clientSecret":"${HIDDEN}"}` },
      ],
    });
    expect(hideSecrets([{ password: 'x', name: 'y', phone: '13912345678' }])).toEqual([{ password: HIDDEN, name: 'y', phone: '139****5678' }]);
    expect(storedValue('fields.token', 'abc')).toBe(HIDDEN);
    expect(bodyChanges(Buffer.from('bytes'))).toEqual({ mode: 'body', fields: [] });
    expect(bodyChanges(undefined)).toEqual({ mode: 'body', fields: [] });
  });

  it('cuts long values and notes their length', () => {
    const v = storedValue('content', 'x'.repeat(MAX_VALUE_CHARS + 10)) as string;
    expect(v.startsWith('x'.repeat(MAX_VALUE_CHARS))).toBe(true);
    expect(v.endsWith(`…（共 ${MAX_VALUE_CHARS + 10} 字）`)).toBe(true);
  });

  it('writes CSV cells that a spreadsheet never runs', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });
});
