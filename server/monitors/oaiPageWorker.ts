/**
 * The worker thread that reads OAI-PMH pages for the harvester (docs/decisions.md 699; started by
 * oaiPages.ts): each message is a page's body as bytes (or text), decoded and parsed here by
 * `parseOaiPage`, so the 265 KB of a page of 200 records (about 4 ms to decode and 7 ms to parse on this
 * machine's cores) are not the server's event loop's. Answers `{ id, page }` or `{ id, error, monitor }`
 * (`monitor`: a MonitorError, whose message is for the manager).
 */
import { parentPort } from 'node:worker_threads';
import { parseOaiPage } from './harvest.js';
import { MonitorError } from './fetch.js';
import { textOf } from '../oai/answerBytes.js';

parentPort!.on('message', (m: { id: number; body: Uint8Array | string }) => {
  try {
    parentPort!.postMessage({ id: m.id, page: parseOaiPage(textOf(m.body)) });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: (err as Error).message, monitor: err instanceof MonitorError });
  }
});
