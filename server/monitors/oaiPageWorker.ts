/**
 * The worker thread that reads OAI-PMH pages for the harvester (docs/decisions.md 699, 714; started by
 * oaiPages.ts). A `parse` message is a page's body as bytes (or text), decoded and parsed here by
 * `parseOaiPage` (the 265 KB of a page of 200 records take about 1 ms to decode and 3 ms to parse); a
 * `list` message runs a whole harvest here (`harvestOai` with `fetchBytes` and the parse in this thread)
 * and hands its pages over one by one, at most PAGES_HANDED_AHEAD that the caller has not taken
 * (`taken`), until the list ends, fails, or the caller stops it (`stop`). Answers are PageWorkerAnswer:
 * `{ id, page }`, `{ id, end }` or `{ id, error, monitor }` (`monitor`: a MonitorError, whose message is
 * for the manager).
 */
import { parentPort } from 'node:worker_threads';
import { harvestOai, parseOaiPage } from './harvest.js';
import { fetchBytes, MonitorError } from './fetch.js';
import { textOf } from '../oai/answerBytes.js';
import { PAGES_HANDED_AHEAD, type PageWorkerAnswer, type PageWorkerRequest } from './oaiPages.js';

const answer = (m: PageWorkerAnswer) => parentPort!.postMessage(m);
const failure = (id: number, err: unknown): PageWorkerAnswer => ({ id, error: (err as Error).message, monitor: err instanceof MonitorError });

/** A list being harvested: pages handed over and taken, and the wait for room when too many are untaken. */
interface List {
  handed: number;
  taken: number;
  stopped: boolean;
  room: (() => void) | null;
}
const lists = new Map<number, List>();

/** Thrown into the harvest when its caller stopped it. */
class Stopped extends Error {}

parentPort!.on('message', (m: PageWorkerRequest) => {
  if (m.kind === 'parse') {
    try {
      answer({ id: m.id, page: parseOaiPage(textOf(m.body)) });
    } catch (err) {
      answer(failure(m.id, err));
    }
  } else if (m.kind === 'list') {
    const list: List = { handed: 0, taken: 0, stopped: false, room: null };
    lists.set(m.id, list);
    harvestOai(
      fetchBytes,
      m.limits,
      m.src,
      async (records, token) => {
        if (list.stopped) throw new Stopped();
        answer({ id: m.id, page: { records, token } });
        list.handed++;
        while (list.handed - list.taken >= PAGES_HANDED_AHEAD && !list.stopped) await new Promise<void>((r) => (list.room = r));
        if (list.stopped) throw new Stopped();
      },
      async (body) => parseOaiPage(textOf(body)),
    )
      .then(
        () => answer({ id: m.id, end: true }),
        (err: unknown) => {
          if (!(err instanceof Stopped)) answer(failure(m.id, err));
        },
      )
      .finally(() => lists.delete(m.id));
  } else {
    const list = lists.get(m.id);
    if (!list) return;
    if (m.kind === 'taken') list.taken++;
    else list.stopped = true;
    const room = list.room;
    list.room = null;
    room?.();
  }
});
