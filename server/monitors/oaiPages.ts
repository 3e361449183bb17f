/**
 * OAI-PMH pages parsed off the event loop (docs/decisions.md 699): one worker thread per process
 * (oaiPageWorker.ts), started at the first page and kept; it holds the process open only while a page is
 * being parsed. A worker that fails fails the pages it holds with its error and is started again by the
 * next page.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../workerScript.js';
import { MonitorError } from './fetch.js';
import type { Harvested } from './records.js';

/** A parsed page: its records and the next resumption token (null at the end). */
export interface OaiPage {
  records: Harvested[];
  token: string | null;
}

interface Waiting {
  resolve(p: OaiPage): void;
  reject(e: Error): void;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let nextId = 1;

function start(): Worker {
  const { script, workerData } = workerScript('monitors', 'oaiPageWorker');
  const w = new Worker(script, { workerData });
  w.on('message', (m: { id: number; page?: OaiPage; error?: string; monitor?: boolean }) => {
    const p = waiting.get(m.id);
    if (!p) return;
    waiting.delete(m.id);
    if (!waiting.size) w.unref();
    if (m.page) p.resolve(m.page);
    else p.reject(m.monitor ? new MonitorError(m.error ?? '') : new Error(m.error));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`OAI-PMH page worker exited (${code})`)));
  return w;
}

/**
 * Parses an OAI-PMH ListRecords answer (`parseOaiPage` of harvest.ts) in the worker thread; `body` is
 * the answer's bytes (UTF-8) or text. Rejects with MonitorError as parseOaiPage throws it.
 */
export function parseOaiPageOffThread(body: Uint8Array | string): Promise<OaiPage> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<OaiPage>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, body });
  });
}
