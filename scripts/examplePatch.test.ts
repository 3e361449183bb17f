/**
 * CONTRIBUTING.md's worked example of a module type (docs/examples/module-type-motto.patch) still applies
 * to the tree, so a reader following it is not handed a stale change. Checked with `git apply --check`
 * (nothing is written); skipped where the tree is not a git checkout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PATCH = 'docs/examples/module-type-motto.patch';

describe("CONTRIBUTING.md's example module type", () => {
  it.skipIf(!existsSync(`${root}.git`))('applies to the tree as it is', () => {
    const run = () => execFileSync('git', ['apply', '--check', PATCH], { cwd: root, stdio: 'pipe' });
    expect(run).not.toThrow();
  });
});
