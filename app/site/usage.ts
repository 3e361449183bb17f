/**
 * First-party usage beacons of the visitor pages (docs/decisions.md 318-323). Events are
 * queued and sent in batches of at most BEACON_MAX_EVENTS with navigator.sendBeacon to
 * POST /api/v1/analytics/beacon: when the page is hidden or left (visibilitychange, pagehide), every
 * FLUSH_MS, and when a batch is full. Events: a page view per route (its path, never its query), a
 * panel's view when it first enters the viewport on that page view (IntersectionObserver), a click on
 * a link or button of a panel (the `data-module-id` of its slot, app/site/HomeGrid.tsx), a resource
 * opened (counted by its detail page once it answered with the record, {@link useResourceOpen}), a search with its hit count, a sign-in. A visitor with Do Not Track or
 * Global Privacy Control on sends nothing. Kept tiny: it is part of the home page bundle.
 */
import { useEffect } from 'react';
import { BEACON_MAX_EVENTS, BEACON_PATH, type UsageEvent } from '@common/analytics';
import { RESOURCE_TYPES } from '@common/constants';

/** How often the queue is sent while the page stays open, ms. */
export const FLUSH_MS = 10_000;

/** Where a queue sends its batches (sendBeacon in the browser; a list in the unit test). */
export interface UsageSink {
  /** true when the browser asked sites not to track (nothing is queued then) */
  doNotTrack: boolean;
  send(body: string): void;
}

/** A queue of events sent in batches of at most `max` (see the file comment). */
export class UsageQueue {
  private events: UsageEvent[] = [];
  constructor(
    private sink: UsageSink,
    private max = BEACON_MAX_EVENTS,
  ) {}
  /** Queues an event (nothing under Do Not Track); a full batch is sent at once. */
  push(e: UsageEvent): void {
    if (this.sink.doNotTrack) return;
    this.events.push(e);
    if (this.events.length >= this.max) this.flush();
  }
  /** Sends what is queued, in batches of at most `max` events. */
  flush(): void {
    while (this.events.length) this.sink.send(JSON.stringify({ e: this.events.splice(0, this.max) }));
  }
}

/**
 * The event of a resource whose page answered with it (`type` and `id` as the server gave them), or
 * null for a type the beacon does not carry (the server would refuse the whole beacon). Decision 426:
 * a resource counts from what its page read, never from its address.
 */
export function resourceOpenEvent(type: string, id: number): UsageEvent | null {
  return (RESOURCE_TYPES as readonly string[]).includes(type) && Number.isSafeInteger(id) && id > 0 ? { k: 'resource_open', t: type, i: id } : null;
}

/** Whether the browser says Do Not Track or Global Privacy Control. */
export function doNotTrack(nav: { doNotTrack?: string | null; globalPrivacyControl?: boolean } = navigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

let queue: UsageQueue | null = null;
let observer: IntersectionObserver | null = null;
let seen = new Set<string>();

const PANEL = '.atr-grid:not(.atr-grid--edit) [data-module-id]';

function observePanels() {
  if (!observer) return;
  for (const el of document.querySelectorAll(PANEL)) observer.observe(el);
}

/** The browser's queue, made (with its listeners) on the first call; null on the server. */
function browserQueue(): UsageQueue | null {
  if (queue || typeof window === 'undefined') return queue;
  const q = (queue = new UsageQueue({ doNotTrack: doNotTrack(), send: (body) => navigator.sendBeacon?.(BEACON_PATH, body) }));
  if (doNotTrack()) return q;
  const flush = () => q.flush();
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  setInterval(flush, FLUSH_MS);
  document.addEventListener(
    'click',
    (e) => {
      const t = e.target instanceof Element ? e.target : null;
      const panel = t?.closest('a,button,[role=button],[role=tab]') ? t.closest(PANEL) : null;
      const m = panel?.getAttribute('data-module-id');
      // the editor's preview (a client-side move to /console keeps this listener) is no visit
      if (m && !location.pathname.startsWith('/console')) q.push({ k: 'panel_click', m });
    },
    true,
  );
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      for (const en of entries) {
        const m = en.isIntersecting ? en.target.getAttribute('data-module-id') : null;
        if (m && !seen.has(m)) {
          seen.add(m);
          q.push({ k: 'panel_view', m });
        }
      }
    });
  }
  return q;
}

/** Counts a page view of `path` (and the resource it opens); panels of the page count when first seen. */
export function trackPageview(path: string): void {
  const q = browserQueue();
  if (!q) return;
  q.push({ k: 'pageview', p: path.slice(0, 200) });
  seen = new Set();
  observer?.disconnect();
  // panels render with the page, or a little later after a client-side navigation
  setTimeout(observePanels, 0);
  setTimeout(observePanels, 1500);
}

/**
 * Counts a resource opened, once per mount of its page and only once the page has read it: `type` and
 * `id` are the answered record's own (undefined while loading, and for a page that answered 404 or
 * failed, which counts nothing). Decision 426.
 */
export function useResourceOpen(type: string | undefined, id: number | undefined): void {
  useEffect(() => {
    const e = type !== undefined && id !== undefined ? resourceOpenEvent(type, id) : null;
    if (e && !location.pathname.startsWith('/console')) browserQueue()?.push(e);
  }, [type, id]);
}

/** Counts a search of `query` that found `hits` results. */
export function trackSearch(query: string, hits: number): void {
  browserQueue()?.push({ k: 'search', q: query.slice(0, 100), n: hits });
}

/**
 * Counts a sign-in when the page's signed-in user is not the one this browser last saw (kept in
 * localStorage: a new tab of the same session is not a sign-in). `userId` null: signed out or anonymous.
 */
export function trackUser(userId: number | null): void {
  const q = browserQueue();
  if (!q) return;
  try {
    const last = localStorage.getItem('atrium-usage-user');
    const now = userId === null ? '' : String(userId);
    if (now && last !== now) q.push({ k: 'signin' });
    localStorage.setItem('atrium-usage-user', now);
  } catch {
    /* storage refused: sign-ins are not counted */
  }
}
