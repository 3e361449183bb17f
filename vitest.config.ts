/**
 * Test projects: unit (common, modules), API on SQLite, API on PostgreSQL (when TEST_DATABASE_URL is
 * set), and end-to-end in Chromium. `npm test` runs them all (scripts/test.mjs).
 *
 * The unit and API projects run without isolation (decision 359): a worker imports the server once and
 * runs its test files one after the other. Each API test file builds its own app on its own database,
 * and what modules keep is keyed by what it holds; importing the whole server again for each of the
 * 130 files took 288 of the 686 seconds of the unit and API run.
 */
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@app': r('./app'), '@server': r('./server'), '@common': r('./common'), '@modules': r('./modules') };

const api = (name: string, db: string) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts'],
    env: { ATRIUM_TEST_DB: db },
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: ['common/**/*.test.ts', 'modules/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      api('api-sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // a poll of the page waits as long as a locator does: vitest's 1 s default is shorter than a
          // table's reload on a loaded machine (tasks-pager failed on it under two spin loops)
          expect: { poll: { timeout: 15_000 } },
          // three files at a time (decision 709: on 2 cores the run took 721 s against 1,151 s one at a time,
          // each file 1.65x slower than alone); ATRIUM_E2E_WORKERS=1 runs them one after the other
          maxWorkers: Number(process.env.ATRIUM_E2E_WORKERS ?? 3),
        },
      },
    ],
  },
});
