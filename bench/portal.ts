/**
 * What the visitor benchmarks share (bench/first-paint.ts, bench/home.ts): Atrium started as `npm
 * start` starts it (the built app, a fresh SQLite database with the demo site on host `localhost`) in a
 * child process on a free loopback port, and a bare Fastify server answering fixed bytes, also in a
 * child process of its own. Loopback only; every child is stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/freePort.js';
import type { Db } from '../server/db/index.js';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** A server in a child process. */
export interface ChildServer {
  port: number;
  url: string;
  stop(): Promise<void>;
  /** the child's process id */ pid?: number;
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log()}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready in ${timeoutMs} ms: ${log()}`);
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });

/**
 * Starts Atrium on a free port with a data folder of its own (`dataDir`, made when absent: pass the
 * same folder to start it again on the same database) and its database (`databaseUrl`, default the
 * SQLite file atrium.db in that folder). Needs `npm run build` first (dist/app and
 * dist/server). Resolves once `/healthz` answers. BENCH_CHILD_ARGS adds Node flags to the child (space
 * separated; `--cpu-prof --cpu-prof-dir=DIR` profiles it and its worker threads: NODE_OPTIONS refuses
 * `--cpu-prof`).
 */
export async function startAtrium(
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-')),
  databaseUrl = path.join(dataDir, 'atrium.db'),
): Promise<ChildServer & { dataDir: string }> {
  if (!fs.existsSync(path.join(repoRoot, 'dist/server/entry-server.js'))) throw new Error('dist is missing: run `npm run build` first');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    ATRIUM_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  };
  const flags = process.env.BENCH_CHILD_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://localhost:${port}`;
  await waitReady(`${url}/healthz`, child, () => log);
  return { port, url, dataDir, pid: child.pid, stop: () => stopChild(child) };
}

/** Starts a bare Fastify server (bench/bare-server.ts) answering GET `route` with the bytes of `file` as `contentType`. */
export async function startBare(file: string, contentType: string, route = '/'): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), String(port), file, contentType, route], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}${route}`, child, () => log);
  return { port, url, stop: () => stopChild(child) };
}

/** The median of numbers (NaN for none). */
export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32) from `seed`, so every run of a benchmark has the same data. */
export function random(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The names benchmarks draw synthetic authors and keywords from (bench/literature-miner.ts, bench/advanced-search.ts). */
export const SURNAMES = [
  ...'王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭',
];
export const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国文'];
export const TOPICS = [...'数据网络图像信号控制系统模型算法优化学习检测识别分类聚类预测评估结构材料能源环境医学基因蛋白细胞'];

/** The search benchmarks' pools (bench/literature-miner.ts, bench/advanced-search.ts): 3,000 author names and 800 keywords, the same in every run. */
export function authorsAndKeywords(): { authors: string[]; keywords: string[] } {
  return {
    authors: Array.from({ length: 3000 }, (_, i) => `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${i}`),
    keywords: Array.from({ length: 800 }, (_, i) => `${TOPICS[i % TOPICS.length]}${TOPICS[(i * 7) % TOPICS.length]}${i}`),
  };
}

/** How many resources the database holds: a benchmark that keeps its file between runs writes only the rest. */
export async function heldResources(db: Db): Promise<number> {
  const r = await db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Synthetic Chinese article `i` of a benchmark (bench/oai-harvest.ts, bench/monitor-harvest.ts): its
 * title, date and listing fields (two authors, three keywords from `words`, an abstract of about 150
 * characters, a journal, a DOI under `10.1000/{doiPrefix}.`), the same for the same `i` in every run.
 */
export function benchArticle(i: number, words: readonly string[], doiPrefix: string) {
  const w = (k: number) => words[(i * 7 + k * 3) % words.length];
  return {
    title: `面向${w(0)}的${w(1)}研究：第 ${i} 号`,
    date: `${2000 + (i % 25)}-0${1 + (i % 9)}-1${i % 10}`,
    fields: {
      author: [`作者${i % 997}`, `作者${(i * 13) % 991}`],
      keywords: [w(0), w(1), w(2)],
      abstract: `本文讨论${w(0)}与${w(1)}的关系，提出一种${w(2)}方法，并在${w(3)}数据上验证。`.repeat(3),
      journal: `${w(4)}学报`,
      doi: `10.1000/${doiPrefix}.${i}`,
    },
  };
}
