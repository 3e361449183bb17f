/**
 * The production install (`npm ci --omit=dev`) holds what the built server needs and nothing of the
 * browser's: every package the compiled server (dist/node, scripts/build-server.mjs) imports, statically
 * or with `import()`, is a runtime dependency, and every runtime dependency is imported by it. The
 * browser app and the page renderer (dist/server, one self-contained bundle: `ssr.noExternal` in
 * vite.config.ts) get React, antd, echarts, TipTap … at build time, so those are development
 * dependencies. pino-pretty is a development dependency the logger loads only when it is there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** Loaded when present, left out of a production install on purpose. */
const OPTIONAL = new Set(['pino-pretty']);

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('runtime dependencies', () => {
  it('are exactly the packages the compiled server imports', async () => {
    const r = await build({ ...(serverBuildOptions as object), write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
    const imported = new Set<string>();
    for (const input of Object.values(r.metafile.inputs)) {
      for (const i of input.imports) if (i.external && /^[@a-z]/.test(i.path) && !i.path.startsWith('node:')) imported.add(packageOf(i.path));
    }
    const runtime = Object.keys(pkg.dependencies);
    expect([...imported].filter((p) => !OPTIONAL.has(p) && !runtime.includes(p)).sort()).toEqual([]);
    expect(runtime.filter((p) => !imported.has(p)).sort()).toEqual([]);
    for (const p of OPTIONAL) expect(pkg.devDependencies[p]).toBeDefined();
  }, 60_000);
});
