/**
 * `<link rel="modulepreload">` tags for the lazy pages a server render rendered (app/pageChunks.tsx;
 * docs/decisions.md 724): each page's module is looked up in Vite's manifest of the browser build
 * (dist/app/.vite/manifest.json) with the chunks it imports, less what index.html already loads or
 * preloads (the entry and its imports). A module the bundler put into a shared chunk is found by the
 * chunk's name. The browser then fetches a page's code beside the entry rather
 * than after it. The home page renders no lazy page: it gets no tag, and its JavaScript budget is as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../common/text.js';

/** A chunk of Vite's manifest (the fields read here). */
interface ManifestChunk {
  file: string;
  /** a chunk's name: the module's file name without its extension */
  name?: string;
  imports?: string[];
}
/** Vite's manifest: source module (path below app/, or `index.html`) → its chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** Reads the manifest of the browser build in `webDir`; null when there is none or it is not JSON (no tags then). */
export function readManifest(webDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * The tag maker of `manifest`: for the rendered modules `sources` (unknown ones are skipped), the tags of
 * their chunks and the chunks those import, each once, in that order, without index.html's; '' for none.
 */
export function chunkPreloads(manifest: Manifest | null): (sources: readonly string[]) => string {
  if (!manifest) return () => '';
  const walk = (key: string, into: Set<string>) => {
    const c = manifest[key];
    if (!c || into.has(c.file)) return;
    into.add(c.file);
    for (const i of c.imports ?? []) walk(i, into);
  };
  // a module the bundler put in a shared chunk (antd's providers, imported by the console too) is keyed
  // `_Name-hash.js`, not by its path: found by its name when that name is one chunk's only
  const shared = new Map<string, string | null>();
  for (const [key, c] of Object.entries(manifest)) if (key.startsWith('_') && c.name) shared.set(c.name, shared.has(c.name) ? null : key);
  const keyOf = (source: string) => (manifest[source] ? source : (shared.get(path.basename(source).replace(/\.[jt]sx?$/, '')) ?? source));
  const loaded = new Set<string>();
  walk('index.html', loaded);
  return (sources) => {
    const wanted = new Set<string>();
    for (const s of sources) walk(keyOf(s), wanted);
    return [...wanted]
      .filter((f) => !loaded.has(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`)
      .join('');
  };
}
