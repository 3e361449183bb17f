/** The typed client's own work (decision 441): filling the path; the signed request is app/api.ts's, tested there. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath } from './apiClient';

describe('fillPath', () => {
  it('fills each {name} with its parameter, encoded as one segment', () => {
    expect(fillPath('/api/v1/applications/{id}/home-config/revisions/{revisionId}', { id: 7, revisionId: 12 })).toBe(
      '/api/v1/applications/7/home-config/revisions/12',
    );
    expect(fillPath('/api/v4/modules/top-{kind}', { kind: 'journal' })).toBe('/api/v4/modules/top-journal');
    expect(fillPath('/api/v1/applications/oauth/clients/{id}', { id: 'a/b c' })).toBe('/api/v1/applications/oauth/clients/a%2Fb%20c');
  });

  it('refuses a path whose parameter is missing rather than send …/undefined', () => {
    expect(() => fillPath('/api/v1/notices/{id}', {})).toThrow('needs the path parameter id');
  });
});

describe('the calls of the browser and the modules', () => {
  /** Every .ts/.tsx file below `dir` (tests left out). */
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => path.join(dir, f));

  it('are typed from the route declarations: no hand-typed request<T>(url) outside the client itself', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    // the client (app/api.ts), the interface the modules receive it by, and one call whose URL is data, not code: a catalogue entry's options URL
    const allowed = new Set(['app/api.ts', 'modules/kit/host.ts', 'modules/xmodule/Form.tsx']);
    const handTyped: string[] = [];
    for (const file of [...sources(path.join(root, 'app')), ...sources(path.join(root, 'modules'))]) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (allowed.has(rel)) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (/\brequest<|\.request\(|\bapi(Get|Post|Put|Delete)\b/.test(text)) handTyped.push(rel);
    }
    expect(handTyped).toEqual([]);
  });
});
