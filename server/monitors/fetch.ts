/**
 * The monitors' HTTP reads (docs/decisions.md 673): a GET with a time limit, a byte cap read from the
 * stream (the body is never held past the cap), redirects followed by hand up to MAX_REDIRECTS (a loop
 * ends there), http(s) only. Every failure is a MonitorError with a Chinese message for the run's row.
 */
import { MSG, fillMsg } from '../../common/messages.js';

/** A failure of a source, shown on its run (the message is Chinese, never a server path). */
export class MonitorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MonitorError';
  }
}

/** Limits of one read: time (ms) and bytes. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 30_000, maxBytes: 32 * 1024 * 1024 };
const MAX_REDIRECTS = 5;

/**
 * Reads `url` as text within `limits`; rejects with MonitorError on a timeout, a body past the cap, a
 * redirect loop, a non-2xx status or a network failure.
 */
export async function fetchText(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<string> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), limits.timeoutMs);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (!/^https?:\/\//i.test(current)) throw new MonitorError(MSG.monitorSourceUrlInvalid);
      let res: Response;
      try {
        res = await fetch(current, { redirect: 'manual', signal: ac.signal, headers: { 'user-agent': 'Atrium-monitor/1' } });
      } catch (err) {
        if (ac.signal.aborted) throw new MonitorError(fillMsg(MSG.monitorErrTimeout, { s: Math.round(limits.timeoutMs / 1000) }));
        throw new MonitorError(fillMsg(MSG.monitorErrNetwork, { reason: ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message }));
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new MonitorError(MSG.monitorErrRedirects);
        current = new URL(res.headers.get('location')!, current).toString();
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel();
        throw new MonitorError(fillMsg(MSG.monitorErrStatus, { status: res.status }));
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > limits.maxBytes) {
        await res.body?.cancel();
        throw tooLarge(limits);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body ?? []) {
          size += (chunk as Uint8Array).byteLength;
          if (size > limits.maxBytes) {
            ac.abort();
            throw tooLarge(limits);
          }
          chunks.push(Buffer.from(chunk as Uint8Array));
        }
      } catch (err) {
        if (err instanceof MonitorError) throw err;
        if (ac.signal.aborted) throw new MonitorError(fillMsg(MSG.monitorErrTimeout, { s: Math.round(limits.timeoutMs / 1000) }));
        throw new MonitorError(fillMsg(MSG.monitorErrNetwork, { reason: (err as Error).message }));
      }
      return Buffer.concat(chunks).toString('utf8');
    }
  } finally {
    clearTimeout(timer);
  }
}

const tooLarge = (l: FetchLimits) => new MonitorError(fillMsg(MSG.monitorErrTooLarge, { mb: Math.max(1, Math.round(l.maxBytes / 1048576)) }));
