/**
 * OAI-PMH pages read off the event loop (docs/decisions.md 699, 714): one worker thread per process
 * (oaiPageWorker.ts), started at the first page and kept; it holds the process open only while it has
 * work. It does two things:
 * - `parseOaiPageOffThread`: parses one page's body the caller has read;
 * - `harvestOaiOffThread`: runs a whole ListRecords harvest in the worker (`harvestOai` of harvest.ts,
 *   with the worker's own reads and parse) and hands the pages to the caller in order, at most
 *   PAGES_HANDED_AHEAD not yet taken. The worker asks for the next page while the caller writes, so a
 *   source's pages keep coming while the caller's thread is busy in SQLite (decision 714).
 * A worker that fails fails the work it holds with its error and is started again by the next call.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../workerScript.js';
import { MonitorError, type FetchLimits } from './fetch.js';
import type { Harvested } from './records.js';
import type { OaiListSource } from './harvest.js';

/** A parsed page: its records and the next resumption token (null at the end). */
export interface OaiPage {
  records: Harvested[];
  token: string | null;
}

/** Most pages the worker hands over that the caller has not taken yet (with harvest.ts OAI_PAGES_AHEAD read behind them). */
export const PAGES_HANDED_AHEAD = 6;

/** What the caller asks of the worker. */
export type PageWorkerRequest =
  | { kind: 'parse'; id: number; body: Uint8Array | string }
  | { kind: 'list'; id: number; limits: FetchLimits; src: OaiListSource }
  /** the caller has taken a page of list `id` */
  | { kind: 'taken'; id: number }
  /** the caller stopped list `id` (its write failed): the worker reads no more of it */
  | { kind: 'stop'; id: number };

/** What the worker answers: a page (of a parse, or the next of a list), the end of a list, or a failure. */
export type PageWorkerAnswer = { id: number; page: OaiPage } | { id: number; end: true } | { id: number; error: string; monitor: boolean };

/** A piece of work in the worker: what to do with each of its answers, and with the worker's failure. */
interface Work {
  answer(m: PageWorkerAnswer): void;
  fail(e: Error): void;
}

let worker: Worker | null = null;
const works = new Map<number, Work>();
let nextId = 1;

const errorOf = (m: { error: string; monitor: boolean }) => (m.monitor ? new MonitorError(m.error) : new Error(m.error));

function start(): Worker {
  const { script, workerData } = workerScript('monitors', 'oaiPageWorker');
  const w = new Worker(script, { workerData });
  w.on('message', (m: PageWorkerAnswer) => works.get(m.id)?.answer(m));
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    const held = [...works.values()];
    works.clear();
    for (const p of held) p.fail(err);
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`OAI-PMH page worker exited (${code})`)));
  return w;
}

/** Registers `work` under a new id on the (started) worker, which holds the process open until `done`. */
function begin(work: (id: number, w: Worker, done: () => void) => Work): { id: number; w: Worker } {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  const done = () => {
    works.delete(id);
    if (!works.size) w.unref();
  };
  works.set(id, work(id, w, done));
  w.ref();
  return { id, w };
}

/**
 * Parses an OAI-PMH ListRecords answer (`parseOaiPage` of harvest.ts) in the worker thread; `body` is
 * the answer's bytes (UTF-8) or text. Rejects with MonitorError as parseOaiPage throws it.
 */
export function parseOaiPageOffThread(body: Uint8Array | string): Promise<OaiPage> {
  return new Promise<OaiPage>((resolve, reject) => {
    const { id, w } = begin((_id, _w, done) => ({
      answer(m) {
        done();
        if ('page' in m) resolve(m.page);
        else reject('error' in m ? errorOf(m) : new Error('OAI-PMH page worker: no page'));
      },
      fail(e) {
        done();
        reject(e);
      },
    }));
    w.postMessage({ kind: 'parse', id, body } satisfies PageWorkerRequest);
  });
}

/**
 * Harvests an OAI-PMH list in the worker thread (see the file comment): `onPage` gets each page's
 * records and the next token in order, as `harvestOai` gives them, and the worker reads on while it
 * runs. `limits` must be plain data (no `resolve`: a function does not reach a worker). Resolves when the
 * list ends; rejects with the worker's MonitorError after the pages read before it were handed over, or
 * with what `onPage` throws (the worker then stops reading).
 */
export function harvestOaiOffThread(
  limits: FetchLimits,
  src: OaiListSource,
  onPage: (records: Harvested[], next: string | null) => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const queue: PageWorkerAnswer[] = [];
    let busy = false;
    let over = false;
    const { id, w } = begin((listId, listWorker, done) => {
      const finish = (err: Error | null) => {
        if (over) return;
        over = true;
        done();
        if (err) reject(err);
        else resolve();
      };
      // the answers taken one at a time, in order: a page is written before the next is looked at
      const pump = async () => {
        if (busy) return;
        busy = true;
        try {
          while (queue.length && !over) {
            const m = queue.shift()!;
            if ('page' in m) {
              await onPage(m.page.records, m.page.token);
              listWorker.postMessage({ kind: 'taken', id: listId } satisfies PageWorkerRequest);
            } else finish('error' in m ? errorOf(m) : null);
          }
        } catch (err) {
          listWorker.postMessage({ kind: 'stop', id: listId } satisfies PageWorkerRequest);
          finish(err as Error);
        } finally {
          busy = false;
        }
      };
      return {
        answer(m) {
          queue.push(m);
          void pump();
        },
        fail: (e) => finish(e),
      };
    });
    w.postMessage({ kind: 'list', id, limits, src } satisfies PageWorkerRequest);
  });
}
