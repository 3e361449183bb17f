/**
 * Access is decided in one place (docs/architecture.md §Access down to the row; decision 394): the
 * routes declare who may call them (`config.access`) and which rows they read (`config.rows`), the
 * request scope answers the viewer's rights, and the services take the filter they are handed. This
 * test fails when a route folder checks a role or a right by hand again: a `role === 'super'` filter, or
 * a call of the checks that belong to server/policies. A user row presented with its `superManager`
 * flag is not a check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = path.resolve(import.meta.dirname, '../routes');

/** Every source file of the route folders (tests left out). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** What a route folder must not write again, with the place it belongs. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.role\s*[!=]==?\s*['"]super['"]/, 'a role filter: take ManagedApplications / OwnedBy / ResourceRows from the request scope'],
  [/\b(requireUser|requireSuper|requireManager|canManage|isManagerOf|managerRights|managesAny|ownUser)\(/, 'an access check: declare it in config.access'],
];

describe('no access check written by hand in a route folder (decision 394)', () => {
  it('finds none', () => {
    const found: string[] = [];
    for (const file of sources(ROUTES)) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/)/.test(line) || /superManager:/.test(line)) return;
          for (const [re, why] of FORBIDDEN) if (re.test(line)) found.push(`${path.relative(ROUTES, file)}:${i + 1} ${why}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('would find one', () => {
    const line = "  if (user.role !== 'super') q = q.where('id', 'in', mine);";
    expect(FORBIDDEN.some(([re]) => re.test(line))).toBe(true);
    expect(FORBIDDEN.some(([re]) => re.test('      await requireManager(req, appId);'))).toBe(true);
  });
});
