/**
 * The modulepreload tags of the lazy pages a render rendered (server/web/chunkPreloads.ts; decision 724):
 * a page's chunk and the chunks it imports, each once, without what index.html loads already; nothing
 * for an unknown module or without a manifest; the file names escaped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkPreloads, readManifest, type Manifest } from './chunkPreloads.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/main-a1.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-b2.js' },
  // a module in a shared chunk: keyed by the chunk, found by its name
  '_AntdProviders-c3.js': { file: 'assets/AntdProviders-c3.js', name: 'AntdProviders', imports: ['_antd.js', '_react.js'] },
  // two shared chunks of one name: neither is taken for a module of that name
  '_twin-1.js': { file: 'assets/twin-1.js', name: 'twin' },
  '_twin-2.js': { file: 'assets/twin-2.js', name: 'twin' },
  '_antd.js': { file: 'assets/antd-d4.js', imports: ['_react.js'] },
  'pages/map/MapPage.tsx': { file: 'assets/MapPage-e5.js', imports: ['_antd.js', '_react.js'] },
  'pages/odd.tsx': { file: 'assets/odd"<x>.js' },
};
const tag = (f: string) => `<link rel="modulepreload" crossorigin href="/${f}" />`;

describe('chunkPreloads', () => {
  it("announces a page's chunk and its imports once, without index.html's", () => {
    const of = chunkPreloads(manifest);
    expect(of(['pages/map/MapPage.tsx', 'AntdProviders.tsx'])).toBe(
      [tag('assets/MapPage-e5.js'), tag('assets/antd-d4.js'), tag('assets/AntdProviders-c3.js')].join(''),
    );
    expect(of([])).toBe('');
    expect(of(['pages/unknown.tsx'])).toBe('');
    expect(of(['pages/twin.tsx'])).toBe('');
    expect(of(['pages/odd.tsx'])).toBe(tag('assets/odd&#34;&#60;x&#62;.js'));
  });

  it('makes no tag without a manifest, and reads one written by the build', () => {
    expect(chunkPreloads(null)(['pages/map/MapPage.tsx'])).toBe('');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-manifest-'));
    expect(readManifest(dir)).toBeNull();
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readManifest(dir)?.['pages/map/MapPage.tsx'].file).toBe('assets/MapPage-e5.js');
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{broken');
    expect(readManifest(dir)).toBeNull();
  });
});
