/**
 * Suggestions benchmark:
 * p50 / p99 over HTTP of the suggestion calls of spec 2 §7 on a server holding the real catalogues
 * (every CSRankings scholar, the CCF conferences, the ShowJCR journal lists, the MOE universities):
 * - GET  /api/v1/modules/top-scholar/suggestions?q=   (a scholar's name, 1-4 letters of a real one)
 * - POST /api/v1/resources/conferences/suggestions { q } (a conference's acronym or title, 1-4 characters)
 * - POST /api/v3/resources/journal { q }               (the start of a real journal's title, 1-4 characters)
 * Baselines in the same run, on the same server and the same connection: GET /healthz (the HTTP and
 * framework cost alone) and GET /api/v2/scholars/{id} (one resource by its indexed id). Requests are
 * sequential and interleaved (one of each kind in turn), so a slower moment of the machine falls on
 * every kind alike. SQLite by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (a fresh
 * database is created and dropped). BENCH_QUERIES sets the requests per kind (default 500).
 *
 * Run: `npx tsx bench/suggestions.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { OutboxSmsProvider } from '../server/notify/sms.js';
import { importFiles } from '../server/import/run.js';
import { SIGNING_KEY_PATH, signRequest } from '../common/requestSigning.js';
import { openBenchDb, percentile, rng } from './search.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = path.resolve(root, '../shared/data');
const filesIn = (dir: string, re: RegExp) =>
  fs
    .readdirSync(path.join(data, dir))
    .filter((f) => re.test(f))
    .map((f) => path.join(data, dir, f));

type Kind = 'healthz' | 'byId' | 'scholar' | 'conference' | 'journal';
const KINDS: Kind[] = ['healthz', 'byId', 'scholar', 'conference', 'journal'];
const LABEL: Record<Kind, string> = {
  healthz: 'baseline GET /healthz',
  byId: 'baseline GET /api/v2/scholars/{id}',
  scholar: 'GET /api/v1/modules/top-scholar/suggestions',
  conference: 'POST /api/v1/resources/conferences/suggestions',
  journal: 'POST /api/v3/resources/journal { q }',
};

/** Imports the catalogues, serves them on 127.0.0.1, and times each kind; prints the table. */
export async function benchSuggestions(queries = Number(process.env.BENCH_QUERIES ?? 500)): Promise<void> {
  const opened = await openBenchDb();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-suggest-'));
  try {
    const { db, dialect } = opened;
    const topic = { topic: '科技资源' };
    await importFiles(db, 'institutions', filesIn('moe-china-universities-2025', /^moe_universities_2025\.csv$/), topic);
    await importFiles(db, 'scholars', filesIn('csrankings-scholars', /^csrankings-[a-z]\.csv$/), topic);
    await importFiles(db, 'conferences', filesIn('ccf-deadlines-conferences', /^conferences_flat\.csv$/), topic);
    await importFiles(db, 'journals', filesIn('showjcr-journal-lists', /\.csv$/), topic);
    const counts = await db
      .selectFrom('resources')
      .select(['type'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('type')
      .execute();
    const titles = async (type: string) => (await db.selectFrom('resources').select(['id', 'title']).where('type', '=', type).execute()).filter((r) => r.title);
    const scholars = await titles('scholar');
    const conferences = await titles('conference');
    const journals = await titles('journal');

    const outbox = path.join(dir, 'sms.jsonl');
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { dataDir: dir, databaseUrl: opened.url, secret: 'bench-secret', smsOutbox: outbox, webDir: path.join(dir, 'no-web'), rateLimitPerMinute: 0 },
    );
    const app = await buildServer({ db, dialect, config, sms: new OutboxSmsProvider(outbox) }, { logger: false, web: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const xsrf = 'bench-suggest-xsrf';
      const cookie = `XSRF-TOKEN=${xsrf}`;
      const { key } = (await (await fetch(new URL(SIGNING_KEY_PATH, base), { headers: { cookie } })).json()) as { key: string };
      const rand = rng(7);
      const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
      const prefix = (title: string) => [...title].slice(0, 1 + Math.floor(rand() * 4)).join('');
      const post = (url: string, body: unknown) => {
        const text = JSON.stringify(body);
        const signed = signRequest({ keyHex: key, method: 'POST', url, body: text, now: Date.now() });
        return fetch(new URL(url, base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf, ...signed },
          body: text,
        });
      };
      const ask: Record<Kind, () => Promise<Response>> = {
        healthz: () => fetch(new URL('/healthz', base)),
        byId: () => fetch(new URL(`/api/v2/scholars/${pick(scholars).id}`, base)),
        scholar: () => fetch(new URL(`/api/v1/modules/top-scholar/suggestions?q=${encodeURIComponent(prefix(pick(scholars).title))}`, base)),
        conference: () => post('/api/v1/resources/conferences/suggestions', { q: prefix(pick(conferences).title) }),
        journal: () => post('/api/v3/resources/journal', { q: prefix(pick(journals).title) }),
      };
      const times: Record<Kind, number[]> = { healthz: [], byId: [], scholar: [], conference: [], journal: [] };
      let failures = 0;
      for (let i = 0; i < queries + 20; i++) {
        for (const k of KINDS) {
          const t = performance.now();
          const r = await ask[k]();
          await r.arrayBuffer();
          const ms = performance.now() - t;
          if (!r.ok) failures++;
          if (i >= 20) times[k].push(ms); // the first 20 rounds warm the statements and caches
        }
      }
      const n = (type: string) => Number(counts.find((c) => c.type === type)?.n ?? 0).toLocaleString('en');
      console.log(
        `Suggestions over HTTP on ${dialect}: ${n('scholar')} scholars, ${n('conference')} conferences, ${n('journal')} journals, ${n('institution')} institutions; ${queries} requests of each kind, interleaved, 1-4 characters of real titles`,
      );
      for (const k of KINDS) {
        const sorted = times[k].sort((a, b) => a - b);
        console.log(
          `  ${LABEL[k].padEnd(50)} p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`,
        );
      }
      console.log(`  answers other than 2xx: ${failures}`);
    } finally {
      await app.close();
    }
  } finally {
    await opened.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchSuggestions();
}
