/**
 * Lazy pages that name their source module (docs/decisions.md 724): when the server renders a page, each
 * lazy page it renders notes its module (and antd's providers', for an antd page), and the server
 * announces their chunks with `<link rel="modulepreload">` from Vite's manifest
 * (server/web/chunkPreloads.ts). The browser then fetches the page's code with the entry instead of
 * after it, so the server-rendered page becomes interactive one or two round trips sooner (a click made
 * before that is lost). A name is the module's path below `app/`, as the manifest keys it; app/pageChunks.test.ts
 * checks each against its import.
 */
import { lazy, type ComponentType } from 'react';
import { withAntd } from './antdScope';

/** antd's providers, loaded with every antd page (antdScope.tsx). */
export const ANTD_SOURCE = 'AntdProviders.tsx';

let sink: ((source: string) => void) | null = null;

/** Where the server's render notes the modules of the lazy pages it renders (app/entry-server.tsx); none in the browser. */
export function setChunkSink(f: ((source: string) => void) | null): void {
  sink = f;
}

/** A lazy page whose modules are `sources` (paths below `app/`), loaded by `load`. */
export function lazyChunk<P extends object>(sources: readonly string[], load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function Chunk(props: P) {
    if (sink) for (const s of sources) sink(s);
    return <Lazy {...props} />;
  }
  return Chunk;
}

/** A lazy antd page: `antdPage('pages/map/MapPage.tsx', () => import('./pages/map/MapPage'))`. */
export function antdPage<P extends object>(source: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazyChunk<P>([source, ANTD_SOURCE], () => withAntd(load()));
}
