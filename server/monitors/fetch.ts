/**
 * The monitors' HTTP reads (docs/decisions.md 673): a GET with a time limit, a byte cap read from the
 * stream (the body is never held past the cap), redirects followed by hand up to MAX_REDIRECTS (a loop
 * ends there), http(s) only, every connection's addresses checked as the socket takes them (decision 677). Every failure is a MonitorError with a Chinese message for the run's row.
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
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
  /** the name resolver of the checks and the connection (the system's; a test substitutes one) */
  resolve?: Resolve;
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

/** Resolves a host name to every address (a test may substitute it: a rebinding resolver, say). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => lookup(host, { all: true });

/**
 * The name lookup of the connection itself (decision 677): the addresses are checked where the socket
 * takes them, so a name that resolves to a public address at a first look and to a private one a moment
 * later (DNS rebinding) is refused at the connection, not read. Node asks with `all` set (family
 * autoselection) or not; both are answered.
 */
function guardedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!allowPrivate && wanted.some((a) => isNotPublicAddress(a.address))) {
          callback(new MonitorError(fillMsg(MSG.monitorErrPrivateHost, { host: hostname })), '', 0);
          return;
        }
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 30_000, maxBytes: 32 * 1024 * 1024 };
const MAX_REDIRECTS = 5;

/** One GET over node:http(s) with the guarded lookup, on a connection of its own (a pooled socket would skip the lookup); resolves with the answer's head and its body stream. */
function getOnce(url: URL, signal: AbortSignal, lookupFn: LookupFunction): Promise<IncomingMessage> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, { signal, lookup: lookupFn, agent: false, headers: { 'user-agent': 'Atrium-monitor/1', accept: '*/*' } }, resolve);
    req.on('error', reject);
  });
}

/** Reads `url` as text (UTF-8) within `limits`; rejects as {@link fetchBytes} does. */
export async function fetchText(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<string> {
  return (await fetchBytes(url, limits)).toString('utf8');
}

/**
 * Reads `url`'s body as bytes within `limits` (an OAI-PMH page is decoded in its worker thread, decision
 * 699); rejects with MonitorError on a timeout, a body past the cap, a redirect loop, a non-2xx status,
 * a host on an address that is not public (unless allowed; checked on the connection, every hop) or a
 * network failure.
 */
export async function fetchBytes(url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<Buffer> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), limits.timeoutMs);
  const lookupFn = guardedLookup(limits.resolve ?? systemResolve, limits.allowPrivateHosts === true);
  const timeout = () => new MonitorError(fillMsg(MSG.monitorErrTimeout, { s: Math.round(limits.timeoutMs / 1000) }));
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (!/^https?:\/\//i.test(current)) throw new MonitorError(MSG.monitorSourceUrlInvalid);
      let target: URL;
      try {
        target = new URL(current);
      } catch {
        throw new MonitorError(MSG.monitorSourceUrlInvalid);
      }
      // an address literal never reaches the lookup: checked here, on every hop
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (!limits.allowPrivateHosts && isIP(literal) && isNotPublicAddress(literal))
        throw new MonitorError(fillMsg(MSG.monitorErrPrivateHost, { host: literal }));
      let res: IncomingMessage;
      try {
        res = await getOnce(target, ac.signal, lookupFn);
      } catch (err) {
        if (err instanceof MonitorError) throw err;
        if (ac.signal.aborted) throw timeout();
        throw new MonitorError(fillMsg(MSG.monitorErrNetwork, { reason: (err as Error).message }));
      }
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new MonitorError(MSG.monitorErrRedirects);
        current = new URL(location, current).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new MonitorError(fillMsg(MSG.monitorErrStatus, { status }));
      }
      if (Number(res.headers['content-length'] ?? 0) > limits.maxBytes) {
        res.destroy();
        throw tooLarge(limits);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res) {
          size += (chunk as Buffer).byteLength;
          if (size > limits.maxBytes) {
            res.destroy();
            throw tooLarge(limits);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        if (err instanceof MonitorError) throw err;
        if (ac.signal.aborted) throw timeout();
        throw new MonitorError(fillMsg(MSG.monitorErrNetwork, { reason: (err as Error).message }));
      }
      return Buffer.concat(chunks);
    }
  } finally {
    clearTimeout(timer);
  }
}

const tooLarge = (l: FetchLimits) => new MonitorError(fillMsg(MSG.monitorErrTooLarge, { mb: Math.max(1, Math.round(l.maxBytes / 1048576)) }));
