/**
 * Benchmark (README 'Benchmarks', second figure): requests per second and p99 latency of the
 * top-scholar read (POST /api/v4/modules/top-scholar, body { offset: 0, count: 8, topicId }) on Atrium
 * holding every CSRankings scholar, against a baseline measured in the same run on the same machine: a
 * bare Fastify app with the same route (same method, headers and request body) answering a constant
 * copy of Atrium's real answer (same response size). Both with autocannon, 50 connections, a bounded
 * duration each (BENCH_SECONDS, default 10), on 127.0.0.1 only.
 *
 * Each server runs in its own child process (bench/http-server.ts) so that autocannon and the server
 * do not share one event loop; each measurement is preceded by a 1 s warm-up, after which one request
 * is awaited so that the warm-up's queued requests are drained before the clock starts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { ReadyMessage } from './http-server.js';

import { SIGNING_KEY_PATH, signRequest } from '../common/requestSigning.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** The child entry (imported only as a type here: importing it would start a server). */
const HTTP_SERVER_ENTRY = path.join(import.meta.dirname, 'http-server.ts');
const ROUTE = '/api/v4/modules/top-scholar';
const CONNECTIONS = 50;
const XSRF = 'bench-xsrf-token';
/** Atrium checks the XSRF cookie against the header on every POST under /api. */
const HEADERS: Record<string, string> = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

/**
 * The headers of the benchmark's POST: XSRF and a signature (decision 220) made with the key Atrium
 * gives this XSRF token. A read sent as POST keeps no nonce (decision 222), so one signed request can
 * be repeated for the 5 minutes of its timestamp, as a browser repeating a read would.
 */
async function signedHeaders(atriumUrl: string, body: string): Promise<Record<string, string>> {
  const res = await fetch(new URL(SIGNING_KEY_PATH, atriumUrl), { headers: { cookie: `XSRF-TOKEN=${XSRF}` } });
  const { key } = (await res.json()) as { key: string };
  return { ...HEADERS, ...signRequest({ keyHex: key, method: 'POST', url: ROUTE, body, now: Date.now() }) };
}

/** One autocannon measurement. */
export interface HttpFigures {
  /** requests per second: autocannon's mean of the per-second samples */
  rps: number;
  /** 99th percentile latency, ms */
  p99: number;
  /** mean latency, ms */
  latencyAvg: number;
  /** responses counted in the measured window */
  total: number;
  /** connection errors, request timeouts and non-2xx answers (all should be 0) */
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Result of benchHttp: the baseline, Atrium, and the setup they were measured with. */
export interface HttpBench {
  baseline: HttpFigures;
  topScholar: HttpFigures;
  /** scholars matched by the read (the page's totalElements) */
  scholars: number;
  /** bytes of the JSON answer (the same for both servers) */
  answerBytes: number;
  seconds: number;
  connections: number;
}

interface Server {
  url: string;
  topicId: number | null;
  stop(): Promise<void>;
}

/**
 * Forks bench/http-server.ts with `args` and resolves once it listens. Rejects when the child exits
 * first or is not ready within `timeoutMs`.
 */
function startServer(args: string[], timeoutMs = 120_000): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(HTTP_SERVER_ENTRY, args, {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`bench server (${args[0]}) not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server (${args[0]}) exited with code ${code} before listening`));
    });
    child.once('message', (m: ReadyMessage) => {
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${m.port}${ROUTE}`,
        topicId: m.topicId,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.send({ type: 'stop' });
            await exited;
            clearTimeout(kill);
          }
        },
      });
    });
  });
}

/** One POST of the benchmark body; throws unless the answer is 200 with 8 items. */
async function readOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ json: { totalElements: number; content: unknown[] }; bytes: number }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  const json = JSON.parse(text) as { totalElements: number; content: unknown[] };
  if (!Array.isArray(json.content) || json.content.length !== 8) throw new Error(`${url} answered ${json.content?.length} items instead of 8`);
  return { json, bytes: Buffer.byteLength(text) };
}

/**
 * Warms up for 1 s, drains, then measures `seconds` with autocannon at 50 connections. Throws when no
 * response completed in the window (a 0 req/s figure would be meaningless) or the drain read fails.
 */
async function measure(url: string, body: string, headers: Record<string, string>, seconds: number): Promise<HttpFigures> {
  const opts = { url, connections: CONNECTIONS, method: 'POST' as const, headers, body };
  await autocannon({ ...opts, duration: 1 });
  await readOnce(url, body, headers); // answered only after the warm-up's queued requests
  const r = await autocannon({ ...opts, duration: seconds });
  if (r.requests.total === 0) {
    throw new Error(`${url}: no response completed in ${seconds} s at ${CONNECTIONS} connections (answers slower than the window); raise BENCH_SECONDS`);
  }
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    latencyAvg: r.latency.average,
    total: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * Runs both measurements (`seconds` each, default BENCH_SECONDS or 10) and returns the figures.
 * Atrium first (its answer becomes the baseline's constant answer), then the bare route. Temp files
 * and child processes are removed even on failure. Throws when a server fails to start, the
 * top-scholar read does not answer 200 with 8 items, or a window saw no response (see measure).
 */
export async function benchHttp(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<HttpBench> {
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got ${process.env.BENCH_SECONDS}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-http-'));
  const servers: Server[] = [];
  try {
    // Atrium with every CSRankings scholar
    const atrium = await startServer(['atrium', dir]);
    servers.push(atrium);
    const body = JSON.stringify({ offset: 0, count: 8, topicId: atrium.topicId });
    const headers = await signedHeaders(atrium.url, body);
    const page = await readOnce(atrium.url, body, headers);
    const topScholar = await measure(atrium.url, body, headers, seconds);
    await atrium.stop();

    // baseline: a bare Fastify route answering the same JSON
    const bodyFile = path.join(dir, 'answer.json');
    fs.writeFileSync(bodyFile, JSON.stringify(page.json));
    const bare = await startServer(['bare', dir, bodyFile]);
    servers.push(bare);
    await readOnce(bare.url, body, headers);
    const baseline = await measure(bare.url, body, headers, seconds);
    await bare.stop();

    return { baseline, topScholar, scholars: page.json.totalElements, answerBytes: page.bytes, seconds, connections: CONNECTIONS };
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const num = (n: number) => Math.round(n).toLocaleString('en');
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
const faults = (f: HttpFigures) => `errors ${f.errors}, timeouts ${f.timeouts}, non-2xx ${f.non2xx}`;

/**
 * Runs benchHttp and prints its figures to stdout (requests/s, p99 and mean latency in ms, response
 * and fault counts), the baseline beside each; returns them. Throws whatever benchHttp throws.
 */
export async function printHttpBench(): Promise<HttpBench> {
  const r = await benchHttp();
  const { baseline: b, topScholar: a } = r;
  console.log(
    `HTTP: POST ${ROUTE} {offset:0,count:8,topicId}, autocannon ${r.connections} connections, ${r.seconds} s each, 127.0.0.1, server in its own process`,
  );
  console.log(
    `  Atrium   = Atrium, ${r.scholars.toLocaleString('en')} CSRankings scholars loaded (SQLite file), answer ${r.answerBytes.toLocaleString('en')} bytes`,
  );
  console.log('  baseline = bare Fastify route, same method/headers/body, constant copy of that answer');
  console.log(`  requests/s   Atrium ${num(a.rps)}   baseline ${num(b.rps)}   (Atrium = ${pct(a.rps, b.rps)} of baseline)`);
  console.log(
    `  p99 latency  Atrium ${num(a.p99)} ms   baseline ${num(b.p99)} ms   (mean: Atrium ${a.latencyAvg.toFixed(2)} ms, baseline ${b.latencyAvg.toFixed(2)} ms)`,
  );
  console.log(`  responses    Atrium ${num(a.total)} (${faults(a)})   baseline ${num(b.total)} (${faults(b)})`);
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await printHttpBench();
