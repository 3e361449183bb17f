/**
 * Who sent a beacon (docs/decisions.md 406): the signed-in (or anonymous) user by id; else the visitor id
 * the server issued in an httpOnly cookie signed under the server secret (@fastify/cookie's signer); else
 * a new id is issued with this answer, at most IDS_PER_ADDRESS a day per address (IPv6 by /64), after
 * which the address's beacons count as one visitor. A cookie the server did not sign (made up, altered)
 * never names a visitor: its beacons count as their address's one visitor, and a real id is issued. The
 * id lives until the server's next midnight (a visitor is counted per day, decision 320), is sent back
 * with the beacon only (cookie path), and is stored nowhere: the collector keeps its salted hash.
 */
import crypto from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADDRESS_VISITOR, localDay } from './collector.js';

/** The cookie of the server-issued visitor id. */
export const VISITOR_COOKIE = 'atrium_visitor';
/** The only path the cookie is sent to: the beacon's (common/analytics.ts BEACON_PATH). */
export const VISITOR_COOKIE_PATH = '/api/v1/analytics';
/** Visitor ids issued per address (IPv6: per /64) per day and process; beyond, the address is one visitor. */
export const IDS_PER_ADDRESS = 1000;
/** Addresses remembered per day; once that many are, a new address gets no id (it is one visitor). */
const ADDRESSES_MAX = 100_000;
/** An issued id: 16 random bytes, base64url. */
const ID = /^[\w-]{22}$/;

/**
 * The address a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4 one),
 * an IPv6 address by its first 64 bits (one subscriber's network), in full hexadecimal.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().padStart(4, '0'))
    .join(':');
}

/** Seconds from `now` to the server's next local midnight (at least 60). */
function secondsToMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return Math.max(60, Math.floor((midnight - now.getTime()) / 1000));
}

/** See the file comment. One per server (made by the analytics routes). */
export class VisitorIds {
  private signer: Signer;
  /** address → ids issued today */
  private issued = new Map<string, number>();
  private day = '';

  /** `secret`: the server secret (a key of its own is derived from it); `secure`: the cookie's Secure flag. */
  constructor(
    secret: string,
    private secure: boolean,
  ) {
    this.signer = new Signer(crypto.createHmac('sha256', secret).update('atrium analytics visitor id').digest());
  }

  /**
   * The visitor of a beacon as the collector counts it: `u<user id>`, `c<issued id>` or `a<address>`
   * (ADDRESS_VISITOR: everyone behind the address past its issued ids, or with a cookie not ours).
   * Sets the cookie of a newly issued id on `reply`. Never throws.
   */
  visitorOf(req: FastifyRequest, reply: FastifyReply, now = new Date()): string {
    if (req.user) return `u${req.user.id}`;
    const sent = req.cookies[VISITOR_COOKIE];
    if (sent) {
      const r = this.signer.unsign(sent);
      if (r.valid && r.value && ID.test(r.value)) return `c${r.value}`;
    }
    const address = addressGroup(req.ip);
    const day = localDay(now);
    if (day !== this.day) {
      this.issued.clear();
      this.day = day;
    }
    const n = this.issued.get(address) ?? 0;
    const canIssue = n < IDS_PER_ADDRESS && (n > 0 || this.issued.size < ADDRESSES_MAX);
    if (!canIssue) return `${ADDRESS_VISITOR}${address}`;
    this.issued.set(address, n + 1);
    const id = crypto.randomBytes(16).toString('base64url');
    void reply.setCookie(VISITOR_COOKIE, this.signer.sign(id), {
      path: VISITOR_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: secondsToMidnight(now),
    });
    // a made-up cookie is no visitor of its own: its beacon counts as the address's (decision 406)
    return sent ? `${ADDRESS_VISITOR}${address}` : `c${id}`;
  }
}
