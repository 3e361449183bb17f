/**
 * The monitors' HTTP reads (docs/decisions.md 673): a GET with a time limit, a byte cap read from the
 * stream (the body is never held past the cap), redirects followed by hand up to MAX_REDIRECTS (a loop
 * ends there), http(s) only. Every failure is a MonitorError with a Chinese message for the run's row.
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { MSG, fillMsg } from '../../common/messages.js';

/** A failure of a source, shown on its run (the message is Chinese, never a server path). */
export class MonitorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MonitorError';
  }
}

/** Limits of one read: time (ms), bytes, and whether hosts on private addresses may be read. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /**
   * read hosts whose addresses are loopback, private, link-local or otherwise not public (an intranet
   * DSpace, say); off by default (ATRIUM_MONITOR_PRIVATE_HOSTS; decision 677)
   */
  allowPrivateHosts?: boolean;
}

/** The address ranges a source may not point at unless allowed: not public (decision 677). */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is not a public address; an IPv4-mapped IPv6 counts as its IPv4. */
export function isNotPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return NOT_PUBLIC.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses a URL whose host is, or resolves to, an address that is not public (decision 677): a source a
 * manager types must not make the server read its own loopback services or the cloud's metadata
 * address. Every address the name resolves to is checked; a name that does not resolve is left to the
 * read, which fails with its network message.
 */
async function refuseNotPublic(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return;
    }
  }
  if (addresses.some(isNotPublicAddress)) throw new MonitorError(fillMsg(MSG.monitorErrPrivateHost, { host }));
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
      // each hop: a public page may redirect to an internal one
      if (!limits.allowPrivateHosts) await refuseNotPublic(current);
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
