/**
 * Benchmark: first paint of the demo home page in Chromium. FCP and LCP of
 * Atrium's `/` against a baseline measured in the same run: the same rendered page (the DOM after
 * load, scripts removed) saved as a static file and served by the same server from the same origin
 * with the same stylesheet and images (`/bench-static.html` in dist/app, removed afterwards). Median of
 * BENCH_RUNS (default 7) loads each, interleaved, each in a fresh browser context with the cache off;
 * unthrottled and phone-like (390 px wide, CPU 4x slower, 400 ms RTT, 1.6 Mbps down, 750 kbps up,
 * through the DevTools protocol). Also the JavaScript the home route downloads (raw and gzip, from
 * the built files and their .gz copies) and the scripts that block the first paint.
 *
 * Goal: LCP <= 1.2x the static file in both profiles; <= 150 KB of JavaScript gzip.
 *
 *   npm run build && npx tsx bench/first-paint.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { median, repoRoot, startAtrium, type ChildServer } from './portal.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const STATIC = 'bench-static.html';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

interface Profile {
  name: string;
  cpu: number;
  latency: number;
  down: number;
  up: number;
  width: number;
  height: number;
}
const PROFILES: Profile[] = [
  { name: 'unthrottled', cpu: 1, latency: 0, down: -1, up: -1, width: 1280, height: 900 },
  { name: 'phone (CPU 4x, 400 ms RTT, 1.6 Mbps)', cpu: 4, latency: 400, down: 1.6e6 / 8, up: 750e3 / 8, width: 390, height: 844 },
];

interface Paint {
  fcp: number;
  lcp: number;
}

/** Loads `url` once in a fresh context under `p`; resolves with FCP and LCP (ms). */
async function load(browser: Browser, url: string, p: Profile): Promise<Paint> {
  const ctx = await browser.newContext({ viewport: { width: p.width, height: p.height }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (p.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
  if (p.latency > 0)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: p.latency, downloadThroughput: p.down, uploadThroughput: p.up });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(p.cpu > 1 ? 2000 : 800);
  const r = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  await ctx.close();
  return r;
}

/** The scripts the home route loads (file names) and how many of the page's scripts block its first paint. */
async function scriptsOf(browser: Browser, url: string): Promise<{ files: string[]; blocking: number }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const files = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') files.add(new URL(r.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000); // the anonymous visitor's fingerprint comes after the first paint
  const html = await (await fetch(url)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // a classic script without async/defer in the head blocks parsing; module scripts are deferred
  const blocking = [...head.matchAll(/<script\b([^>]*)>/g)].filter((m) => /\bsrc=/.test(m[1]) && !/type="module"|\basync\b|\bdefer\b/.test(m[1])).length;
  await ctx.close();
  return { files: [...files], blocking };
}

/** Sizes of the built scripts (bytes, raw and gzip from the .gz copies of scripts/precompress.mjs). */
function sizes(files: string[]): { raw: number; gzip: number } {
  let raw = 0,
    gzip = 0;
  for (const f of files) {
    const p = path.join(repoRoot, 'dist/app', f);
    if (!fs.existsSync(p)) continue;
    raw += fs.statSync(p).size;
    gzip += fs.existsSync(`${p}.gz`) ? fs.statSync(`${p}.gz`).size : fs.statSync(p).size;
  }
  return { raw, gzip };
}

/** Runs the benchmark and prints its figures. */
export async function benchFirstPaint() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const staticFile = path.join(repoRoot, 'dist/app', STATIC);
  let atrium: (ChildServer & { dataDir: string }) | null = null;
  try {
    // 1. the rendered page, saved without its scripts
    atrium = await startAtrium();
    const page = await browser.newPage();
    await page.goto(`${atrium.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const dom = await page.evaluate(() => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      doc.querySelectorAll('script, link[rel="modulepreload"]').forEach((e) => e.remove());
      return `<!doctype html>\n${doc.outerHTML}`;
    });
    await page.close();
    const { files, blocking } = await scriptsOf(browser, `${atrium.url}/`);
    const js = sizes(files);
    await atrium.stop();
    // 2. the same server again, now also serving the static copy (its static files are listed at start)
    fs.writeFileSync(staticFile, dom);
    atrium = await startAtrium(atrium.dataDir);
    await fetch(`${atrium.url}/`); // the first visitor fills the cache
    console.log(
      `home route JavaScript: ${files.length} files, ${(js.raw / 1024).toFixed(0)} KB raw, ${(js.gzip / 1024).toFixed(0)} KB gzip (goal <= 150 KB gzip); scripts blocking the first paint: ${blocking}`,
    );
    console.log(`static copy: ${(Buffer.byteLength(dom) / 1024).toFixed(0)} KB; ${RUNS} loads each, interleaved`);
    for (const p of PROFILES) {
      const a: Paint[] = [],
        s: Paint[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        s.push(await load(browser, `${atrium.url}/${STATIC}`, p));
        a.push(await load(browser, `${atrium.url}/`, p));
      }
      const m = (xs: Paint[], k: keyof Paint) => median(xs.map((x) => x[k]));
      console.log(
        `${p.name}: Atrium FCP ${m(a, 'fcp').toFixed(0)} ms, LCP ${m(a, 'lcp').toFixed(0)} ms | static FCP ${m(s, 'fcp').toFixed(0)} ms, LCP ${m(s, 'lcp').toFixed(0)} ms | ratio FCP ${(m(a, 'fcp') / m(s, 'fcp')).toFixed(2)}x, LCP ${(m(a, 'lcp') / m(s, 'lcp')).toFixed(2)}x (goal LCP <= 1.2x)`,
      );
    }
  } finally {
    fs.rmSync(staticFile, { force: true });
    await atrium?.stop();
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchFirstPaint().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
