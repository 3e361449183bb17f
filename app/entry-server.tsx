/**
 * The server renderer of the visitor pages (docs/architecture.md §Server rendering and caching): built by Vite into
 * dist/server/entry-server.js and called by server/web for every visitor route. It renders the same
 * route tree and providers as the browser (App.tsx) with react-router's static data router, React 19's
 * streaming renderer (waiting for every lazy page: crawlers get the whole page) and antd's styles
 * extracted with @ant-design/cssinjs.
 *
 * Data: the pages read through TanStack Query. A first pass renders the page and so creates its
 * queries; the queries still pending are then answered by the server's own API in process (`transport`,
 * as the visitor whose request this is) and the page is rendered again, up to {@link MAX_PASSES}
 * times. The answers go to the browser as dehydrated queries (boot data `queries`), so hydration
 * renders the very same markup without asking again. A page whose read marked `meta.notFoundWhenNull`
 * answered null (an unknown or withdrawn report) is sent with status 404.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type Query } from '@tanstack/react-query';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AppProviders, createQueryClient, routes } from './App';
import { setServerTransport, type ServerTransport } from './api';
import { setBootSource, setTitleSink, type BootData } from './boot';
import { setChunkSink } from './pageChunks';

dayjs.locale('zh-cn');

/** Most render passes (each may reveal queries that depend on the previous answers). */
export const MAX_PASSES = 3;
/** Longest wait for one pass's queries, ms; a query still unanswered then is left to the browser. */
export const QUERY_WAIT_MS = 3000;

/** What the server knows of the request to render. */
export interface RenderRequest {
  /** path and query of the page, e.g. `/microapp/explore?type=journal` */
  url: string;
  /** the boot data the page is rendered with (and that the browser hydrates with) */
  boot: BootData;
  /** answers the API calls of this render in process, as the requesting visitor */
  transport: ServerTransport;
}

/** The rendered page. */
export interface RenderResult {
  /** markup of the app, to go inside `<div id="root">` */
  html: string;
  /** antd's `<style>` tags for the head */
  styles: string;
  /** boot data with the answered queries (`queries`) */
  boot: BootData;
  /** 200; 404 for /block/404; the redirect's status (302) when `redirect` is set */
  status: number;
  /** where to send the visitor instead (a redirect of the route tree), or null */
  redirect: string | null;
  /** the document title the page gave while rendering (`登录 - 站点名`), or null: the site's name then (decision 431) */
  title: string | null;
  /** the modules (paths below app/) of the lazy pages rendered, for the server's modulepreload links (app/pageChunks.tsx, decision 724) */
  chunks: string[];
}

interface Store {
  boot: BootData;
  path: string;
  transport: ServerTransport;
  /** the title the rendered page reported (VisitorFrame) */
  title?: string;
  /** the lazy pages' modules the render rendered (app/pageChunks.tsx) */
  chunks: Set<string>;
}
const store = new AsyncLocalStorage<Store>();
setBootSource({ boot: () => store.getStore()?.boot, initialPath: () => store.getStore()?.path ?? '/' });
setTitleSink((title) => {
  const s = store.getStore();
  if (s) s.title = title;
});
setChunkSink((source) => store.getStore()?.chunks.add(source));
// the one transport reads the request being rendered (several renders run at once)
setServerTransport((url, init) => {
  const s = store.getStore();
  if (!s) return Promise.reject(new Error('no render in progress'));
  return s.transport(url, init);
});

const handler = createStaticHandler(routes);

/** Renders once and resolves with the markup when every lazy page and Suspense boundary is done. */
function renderOnce(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(err) {
        if (!(err instanceof Error && err.message.includes('no render'))) console.error('SSR', err);
      },
    });
  });
}

/** Whether a query made during the render should be answered before the next pass. */
function wanted(q: Query): boolean {
  if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
  const enabled = (q.options as { enabled?: unknown }).enabled;
  if (enabled === false) return false;
  if (typeof enabled === 'function') {
    try {
      return (enabled as (q: Query) => boolean)(q) !== false;
    } catch {
      return false;
    }
  }
  return typeof q.options.queryFn === 'function';
}

/** See the file comment. Never rejects for a failed query: that part is left to the browser. */
export async function render(req: RenderRequest): Promise<RenderResult> {
  const path = new URL(req.url, 'http://localhost').pathname;
  return store.run({ boot: req.boot, path, transport: req.transport, chunks: new Set<string>() }, async () => {
    const context = await handler.query(new Request(new URL(req.url, 'http://localhost')));
    if (context instanceof Response) {
      return { html: '', styles: '', boot: req.boot, status: context.status, redirect: context.headers.get('location'), title: null, chunks: [] };
    }
    if (context.matches.some((m) => m.route.path === '*')) {
      return { html: '', styles: '', boot: req.boot, status: 302, redirect: '/block/404', title: null, chunks: [] };
    }
    const queryClient = createQueryClient();
    const queries = queryClient.getQueryCache();
    const failed = new Set<string>();
    let rendered = new Set<string>();
    let html: string;
    let cache: ReturnType<typeof createCache>;
    for (let pass = 1; ; pass += 1) {
      // a failed query is rendered as not yet loaded, as the browser will start it (it asks again)
      for (const q of queries.getAll())
        if (q.state.status === 'error') {
          failed.add(q.queryHash);
          queries.remove(q);
        }
      cache = createCache();
      const router = createStaticRouter(handler.dataRoutes, context);
      const tree = (
        <StyleProvider cache={cache}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StyleProvider>
      );
      // The first pass streams and waits for every lazy page and panel; once they are loaded a render
      // no longer suspends, and renderToString gives the whole markup without the streaming renderer's
      // inline scripts (which the CSP refuses and a browser without JavaScript never runs).
      html = pass === 1 ? await renderOnce(tree) : '';
      if (pass > 1 || html.includes('<script')) html = renderToString(tree);
      // what this markup was rendered with: the queries that had data when the render ended (a query
      // filled during the render, e.g. from its initialData, counts; the server fetches only between passes)
      rendered = new Set(
        queries
          .getAll()
          .filter((q) => q.state.status === 'success')
          .map((q) => q.queryHash),
      );
      const pending = queries.getAll().filter((q) => wanted(q) && !failed.has(q.queryHash));
      if (pending.length === 0 || pass === MAX_PASSES) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(pending.map((q) => q.fetch())),
        new Promise((r) => {
          timer = setTimeout(r, QUERY_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    // only what the markup was rendered with: a late answer would make the browser render otherwise.
    // The panels' first pages (boot `data`) are among these queries: sent once, not twice.
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => rendered.has(q.queryHash) });
    return {
      html,
      styles: extractStyle(cache),
      boot: { ...req.boot, data: {}, queries: state },
      // a page whose main read found nothing (a query marked `meta.notFoundWhenNull` that answered null) is a 404
      status: path === '/block/404' || queries.getAll().some((q) => q.meta?.notFoundWhenNull === true && q.state.data === null) ? 404 : 200,
      redirect: null,
      title: store.getStore()?.title ?? null,
      chunks: [...(store.getStore()?.chunks ?? [])],
    };
  });
}
