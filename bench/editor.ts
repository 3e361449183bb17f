/**
 * Benchmark (the editor at scale): main-thread time of adding one module
 * and of deleting one in the home page editor holding 200 modules, in Debian's Chromium, against a
 * baseline measured in the same run: the same editor holding 10 modules.
 *
 * Setup: a real Atrium server (e2e/support.ts: fresh data folder, the demo catalogue, the built app in
 * dist/app), a super manager signed in with the SMS code from the outbox, two applications on the demo
 * topic whose home templates hold 200 and 10 modules cycling through types with data served by the
 * server (notice, scholar, news, institution, journal, activity, fruit). The editor is opened with
 * `?bench=1` and every panel's data is loaded before measuring.
 *
 * What is timed: `window.__atriumEditor.apply(action)` (app/console/editor/EditorPage.tsx) runs the
 * action through the same reducer (template.ts `applyTemplateAction`) and the same undo history the
 * toolbar, drawer and drag handlers use, but without the ~600 ms form save loading and without the HTTP
 * save (they are not rendering work). `performance.mark` is set just before the dispatch; the end mark
 * is set in a `setTimeout(0)` queued from a `requestAnimationFrame` callback once the DOM shows the
 * change, i.e. after React's commit and the frame that paints it; `performance.measure` gives the time.
 * A PerformanceObserver also sums the 'longtask' entries (tasks over 50 ms) that started inside the
 * window. Each figure is the median of REPEAT add/delete pairs after one warm-up pair; between pairs the
 * new panel's data read settles (network idle) so that its late re-render is not counted.
 *
 * Run: `npx vite build && npx tsx bench/editor.ts` (or `npm run bench`, which runs every benchmark).
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { apiCall, createApplication, launchChromium, signInByApi, startServer, type RunningServer } from '../e2e/support.js';
import { definitionOf } from '../modules/registry.js';
import type { ModuleConfig } from '../common/homeConfig.js';
import type { TemplateAction } from '../app/console/editor/template.js';

/** Module types cycled through; each has demo data served by the server. */
export const BENCH_TYPES = ['notice', 'scholar', 'news', 'institution', 'journal', 'activity', 'fruit'] as const;
/** add/delete pairs measured per editor (after one warm-up pair). */
export const REPEAT = Number(process.env.BENCH_EDITOR_REPEAT ?? 7);
const PHONE = '13800000777';

/** Figures of one editor size (milliseconds). */
export interface EditorFigures {
  modules: number;
  /** median dispatch-to-paint time of adding one module, ms */
  add: number;
  /** median dispatch-to-paint time of deleting one module, ms */
  remove: number;
  /** median total of long tasks (> 50 ms) inside the add / delete windows, ms */
  addLongTasks: number;
  removeLongTasks: number;
}

export interface EditorBench {
  large: EditorFigures;
  baseline: EditorFigures;
  repeat: number;
}

/** `n` modules cycling through BENCH_TYPES, each from its type's defaults, with stable ids. */
export function benchTemplate(n: number): ModuleConfig[] {
  return Array.from({ length: n }, (_, i) => {
    const type = BENCH_TYPES[i % BENCH_TYPES.length];
    return { ...definitionOf(type)!.defaults({ groupTemplate: false }), id: `b${i}`, alias: `${definitionOf(type)!.label} ${i + 1}` } as ModuleConfig;
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Creates an application on the demo topic whose home template holds `n` modules; returns its id. */
export async function createBenchApplication(page: Page, server: RunningServer, n: number): Promise<number> {
  const topics = (await (await page.request.get(`${server.url}/api/v1/topics`)).json()) as Array<{ id: number; title: string }>;
  const id = await createApplication(page, server.url, { name: `编辑器基准 ${n}`, host: `bench${n}.example.cn`, topicId: topics[0]?.id });
  const saved = await apiCall(page, server.url, 'POST', `/api/v1/applications/${id}/home-config`, {
    homeConfig: [{ page: 'home', template: benchTemplate(n), style: 'card', groups: {} }],
    summary: '基准测试',
  });
  if (saved.status !== 200) throw new Error(`home-config failed: ${saved.status} ${saved.text}`);
  return id;
}

/** Waits until the grid shows `count` panels, none of them loading, and the network is quiet. */
export async function settle(page: Page, count: number) {
  await page.waitForFunction(
    `document.querySelectorAll('.atr-grid [data-module-id]').length === ${count}
    && !document.querySelector('.atr-grid .ant-skeleton')`,
    undefined,
    { timeout: 120_000 },
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
}

/**
 * The in-page timing code, kept as source text: tsx (esbuild keepNames) would wrap a compiled function's
 * inner helpers in a `__name` call that does not exist in the page.
 */
const TIME_ACTION_SOURCE = `({ action, expected }) => new Promise((resolve) => {
  const hook = window.__atriumEditor;
  let longTasks = 0;
  let start = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= start) longTasks += e.duration;
  });
  observer.observe({ type: 'longtask', buffered: false });
  function shown() { return document.querySelectorAll('.atr-grid [data-module-id]').length === expected; }
  function afterPaint() {
    requestAnimationFrame(() => setTimeout(() => {
      if (!shown()) { afterPaint(); return; }
      performance.mark('atr-edit-end');
      const m = performance.measure('atr-edit', 'atr-edit-start', 'atr-edit-end');
      // long-task entries are delivered asynchronously: give them a moment
      setTimeout(() => { observer.disconnect(); resolve({ ms: m.duration, longTasks }); }, 100);
    }, 0));
  }
  performance.clearMarks();
  performance.clearMeasures();
  start = performance.now();
  performance.mark('atr-edit-start');
  hook.apply(action);
  afterPaint();
})`;

/** In the page: dispatch an action and time it to the paint that shows `expected` panels (ms). */
export function timeAction(page: Page, action: TemplateAction, expected: number): Promise<{ ms: number; longTasks: number }> {
  return page.evaluate<{ ms: number; longTasks: number }>(`(${TIME_ACTION_SOURCE})(${JSON.stringify({ action, expected })})`);
}

/** Opens the editor of application `id` (holding `n` modules) and measures add/delete pairs. */
async function measureEditor(page: Page, server: RunningServer, id: number, n: number): Promise<EditorFigures> {
  await page.goto(`${server.url}/console/application/${id}/editor?bench=1`);
  await page.waitForFunction('!!window.__atriumEditor', undefined, { timeout: 60_000 });
  await settle(page, n);
  const adds: number[] = [];
  const removes: number[] = [];
  const addLong: number[] = [];
  const removeLong: number[] = [];
  for (let i = 0; i <= REPEAT; i++) {
    const module = { ...definitionOf('notice')!.defaults({ groupTemplate: false }), id: `bench-new-${i}`, alias: `新增通知 ${i}` } as ModuleConfig;
    const a = await timeAction(page, { type: 'add', module }, n + 1);
    await settle(page, n + 1);
    const r = await timeAction(page, { type: 'remove', id: module.id }, n);
    await settle(page, n);
    if (i === 0) continue; // warm-up
    adds.push(a.ms);
    addLong.push(a.longTasks);
    removes.push(r.ms);
    removeLong.push(r.longTasks);
  }
  return { modules: n, add: median(adds), remove: median(removes), addLongTasks: median(addLong), removeLongTasks: median(removeLong) };
}

/** Runs the benchmark: 200 modules and the 10-module baseline, in one server and one browser. */
export async function benchEditor(): Promise<EditorBench> {
  const server = await startServer({ ATRIUM_SEED_DEMO: '1' });
  let browser: Browser | undefined;
  try {
    server.cli('admin', 'add', '--phone', PHONE);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, locale: 'zh-CN' });
    await signInByApi(page, server, PHONE);
    const largeId = await createBenchApplication(page, server, 200);
    const smallId = await createBenchApplication(page, server, 10);
    const baseline = await measureEditor(page, server, smallId, 10);
    const large = await measureEditor(page, server, largeId, 200);
    return { large, baseline, repeat: REPEAT };
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** Prints both figures. */
export async function printEditorBench(): Promise<EditorBench> {
  const r = await benchEditor();
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `Editor: dispatch → next paint in Chromium (performance.mark/measure), median of ${r.repeat} after a warm-up; action through the editor's reducer and history, no save`,
  );
  console.log(`  Atrium   = editor holding ${r.large.modules} modules (${BENCH_TYPES.join(', ')}, data loaded)`);
  console.log(`  baseline = the same editor holding ${r.baseline.modules} modules, same run`);
  console.log(
    `  machine  = ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} at the end (wall-clock figures grow with the load)`,
  );
  console.log(
    `  add one module     Atrium ${f(r.large.add)}   baseline ${f(r.baseline.add)}   (long tasks: ${f(r.large.addLongTasks)} / ${f(r.baseline.addLongTasks)})`,
  );
  console.log(
    `  delete one module  Atrium ${f(r.large.remove)}   baseline ${f(r.baseline.remove)}   (long tasks: ${f(r.large.removeLongTasks)} / ${f(r.baseline.removeLongTasks)})`,
  );
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await printEditorBench();
