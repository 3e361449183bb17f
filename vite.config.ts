/** Builds the browser app (app/) into dist/app; the console and editor are lazy chunks. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./app'),
  plugins: [react()],
  resolve: { alias: { '@app': r('./app'), '@common': r('./common'), '@modules': r('./modules') } },
  build: { outDir: r('./dist/app'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
