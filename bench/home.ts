/**
 * Benchmark: throughput of the visitor's home page. `GET /` of the demo site
 * (server-rendered, from the shared cache after the first request) against a bare Fastify route
 * answering the same bytes, both with autocannon at 50 and 200 connections, interleaved (bare, Atrium,
 * bare, Atrium, …), BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS seconds (default 8) each, every
 * server in a child process of its own. No Accept-Encoding and no cookie: each request is a new
 * visitor (the server makes an XSRF token and signing key for each). Prints medians and the ratio.
 *
 * Goal: Atrium >= 0.5x the bare route, 0 errors, p99 <= 20 ms at 50 connections on a
 * quiet machine.
 *
 *   npm run build && npx tsx bench/home.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, startAtrium, startBare } from './portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, connections: number): Promise<Figures> {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const r = await autocannon({ url, connections, duration: SECONDS, headers: { host: new URL(url).host } });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Runs the benchmark and prints its table; returns the medians. */
export async function benchHome() {
  const atrium = await startAtrium();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-home-'));
  const file = path.join(dir, 'home.html');
  try {
    const res = await fetch(`${atrium.url}/`);
    const html = await res.text();
    if (!html.includes('atrium-boot') || res.status !== 200) throw new Error(`home page not served: ${res.status}`);
    fs.writeFileSync(file, html);
    const bare = await startBare(file, 'text/html; charset=utf-8');
    try {
      console.log(`home page: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML; ${ROUNDS} rounds of ${SECONDS} s, interleaved`);
      const out: Record<number, { atrium: Figures[]; bare: Figures[] }> = {};
      for (const c of [50, 200]) {
        out[c] = { atrium: [], bare: [] };
        for (let i = 0; i < ROUNDS; i += 1) {
          out[c].bare.push(await measure(`${bare.url}/`, c));
          out[c].atrium.push(await measure(`${atrium.url}/`, c));
        }
        const a = out[c].atrium,
          b = out[c].bare;
        const m = (xs: Figures[], k: keyof Figures) => median(xs.map((x) => x[k]));
        const errs = (xs: Figures[]) => xs.reduce((n, x) => n + x.errors + x.non2xx, 0);
        console.log(
          `${c} connections: Atrium ${m(a, 'rps').toFixed(0)} req/s, p99 ${m(a, 'p99')} ms, errors ${errs(a)} | bare ${m(b, 'rps').toFixed(0)} req/s, p99 ${m(b, 'p99')} ms, errors ${errs(b)} | ratio ${(m(a, 'rps') / m(b, 'rps')).toFixed(2)}x (goal >= 0.5x${c === 50 ? ', p99 <= 20 ms' : ''})`,
        );
      }
      return out;
    } finally {
      await bare.stop();
    }
  } finally {
    await atrium.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchHome().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
