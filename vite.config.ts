/**
 * Builds the browser app (app/) into dist/app (the console and editor are lazy chunks), and with
 * `--ssr entry-server.tsx` the server renderer of the visitor pages into dist/server (issue 10 §1).
 * One stylesheet for the whole app (no CSS code splitting): a server-rendered page links every style
 * it may show, so it looks right before (and without) its scripts.
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The page's scripts and their preloads are fetched at low priority: on a slow link the server-rendered
 * page's images (a carousel's first slide asks for high priority) come before the code that hydrates
 * it, so the largest paint does not wait behind the scripts (issue 10 §3 'first paint').
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

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./app'),
  plugins: [react(), scriptsLowPriority],
  resolve: { alias: { '@app': r('./app'), '@common': r('./common'), '@modules': r('./modules') } },
  build: isSsrBuild
    ? { outDir: r('./dist/server'), emptyOutDir: true, copyPublicDir: false }
    : { outDir: r('./dist/app'), emptyOutDir: true, chunkSizeWarningLimit: 1500, cssCodeSplit: false },
  // the server renderer is one self-contained production bundle: React and antd render exactly as in
  // the browser build (antd's class names differ in development), whatever NODE_ENV the server runs with
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
