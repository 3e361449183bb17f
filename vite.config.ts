/**
 * Builds the browser app (app/) into dist/app (the console and editor are lazy chunks), and with
 * `--ssr entry-server.tsx` the server renderer of the visitor pages into dist/server.
 * One stylesheet for the whole app (no CSS code splitting): a server-rendered page links every style
 * it may show, so it looks right before (and without) its scripts.
 */
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The page's scripts and their preloads are fetched at low priority: on a slow link the server-rendered
 * page's images (a carousel's first slide asks for high priority) come before the code that hydrates
 * it, so the largest paint does not wait behind the scripts.
 */
const scriptsLowPriority: Plugin = {
  name: 'atrium-scripts-low-priority',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
        .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin'),
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is a production build whatever NODE_ENV the shell has: Vite makes a development build
  // (React's development runtime, jsxDEV) when NODE_ENV=development is set, and the server renderer
  // below defines production, so it would call a jsxDEV its bundled React does not have.
  // Vite reads NODE_ENV after this function returns (resolveConfig's isProduction; the React plugin's
  // config hook), so setting it here decides both builds.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(isSsrBuild);
});

/**
 * What a page preloads (docs/decisions.md 647): the page's own entry keeps its modulepreload links in
 * index.html; a lazy import (each visitor page, the console) lists no dependencies of its own, so the home
 * page's bundle does not carry the table of every lazy page's chunks (about 4 KB gzip of its 150 KB
 * budget). A lazy page's imports then load when its chunk has loaded (one round trip more on the first
 * visit of that kind of page, after the server-rendered page is already on screen).
 */
function preloadOnlyFromHtml(_file: string, deps: string[], ctx: { hostType: 'html' | 'js' }): string[] {
  return ctx.hostType === 'html' ? deps : [];
}

function config(isSsrBuild: boolean | undefined): UserConfig {
  return {
    root: r('./app'),
    plugins: [react(), scriptsLowPriority],
    resolve: { alias: { '@app': r('./app'), '@common': r('./common'), '@modules': r('./modules') } },
    build: isSsrBuild
      ? { outDir: r('./dist/server'), emptyOutDir: true, copyPublicDir: false }
      : {
          outDir: r('./dist/app'),
          emptyOutDir: true,
          chunkSizeWarningLimit: 1500,
          cssCodeSplit: false,
          modulePreload: { resolveDependencies: preloadOnlyFromHtml },
          // dist/app/.vite/manifest.json: the server announces a rendered page's chunks (server/web/chunkPreloads.ts)
          manifest: true,
        },
    // the server renderer is one self-contained production bundle: React and antd render exactly as in
    // the browser build (antd's class names differ in development), whatever NODE_ENV the server runs with
    ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    server: { proxy: { '/api': 'http://localhost:3000' } },
  };
}
