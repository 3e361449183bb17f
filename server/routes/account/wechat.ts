/**
 * WeChat binding behind a provider (spec 2 §7 GET /api/v1/wechat/qrcode/, PUT /api/v1/account/bind/wechat;
 * docs/decisions.md 162, 229):
 * - `OfficialAccountWechatProvider`, the real one: a WeChat official account (公众号) makes a temporary
 *   parametric QR code (POST /cgi-bin/qrcode/create, QR_STR_SCENE, the scene being our ticket); when the
 *   person scans it, WeChat pushes a signed SCAN (or subscribe, `qrscene_` + scene) event to our message
 *   server (POST /wechat/callback) naming their openid; 完成绑定 then reads the ticket. Tickets live in the
 *   database (table wechat_tickets), so the event and the browser may reach different processes.
 * - `DevWechatProvider` for development and tests: tickets in memory, a test call (`scan`) stands in for
 *   the person scanning.
 */
import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { Db } from '../../db/index.js';
import type { WechatConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';

export interface WechatQr {
  /** opaque ticket the client sends back to complete the binding */
  ticket: string;
  /** address the QR code encodes (the page shows it as a QR image) */
  url: string;
  /** ms until the ticket dies */
  expiresIn: number;
}

export interface WechatProvider {
  /** A new QR ticket for the client (client_name, client_id as the spec names them). */
  createQr(clientName: string, clientId: string): Promise<WechatQr>;
  /** The openid that scanned the ticket (consuming it), 'pending' when not scanned yet, null when unknown/expired. */
  confirm(ticket: string): Promise<string | 'pending' | null>;
}

/** Life of a QR ticket, ms (5 minutes; WeChat's temporary codes allow 60 s to 30 days). */
export const TICKET_TTL_MS = 5 * 60_000;

const newTicket = () => crypto.randomBytes(16).toString('base64url');

/** The development provider; `scan` stands in for a person scanning the code in WeChat. */
export class DevWechatProvider implements WechatProvider {
  private tickets = new Map<string, { openid: string | null; expires: number }>();

  async createQr(clientName: string, clientId: string): Promise<WechatQr> {
    const ticket = newTicket();
    this.tickets.set(ticket, { openid: null, expires: Date.now() + TICKET_TTL_MS });
    const url = `https://open.weixin.qq.com/dev-qrcode?ticket=${ticket}&client_name=${encodeURIComponent(clientName)}&client_id=${encodeURIComponent(clientId)}`;
    return { ticket, url, expiresIn: TICKET_TTL_MS };
  }

  /** Marks a live ticket as scanned by `openid`; false when the ticket is unknown or expired. */
  scan(ticket: string, openid: string): boolean {
    const t = this.tickets.get(ticket);
    if (!t || t.expires < Date.now()) return false;
    t.openid = openid;
    return true;
  }

  async confirm(ticket: string): Promise<string | 'pending' | null> {
    const t = this.tickets.get(ticket);
    if (!t || t.expires < Date.now()) {
      this.tickets.delete(ticket);
      return null;
    }
    if (!t.openid) return 'pending';
    this.tickets.delete(ticket);
    return t.openid;
  }
}

/** The provider of a production server without a configured official account: every QR call says so (503). */
export class UnconfiguredWechatProvider implements WechatProvider {
  async createQr(): Promise<WechatQr> {
    throw new HttpError(503, 'wechat_not_configured', MSG.wechatNotConfigured);
  }
  async confirm(): Promise<null> {
    return null;
  }
}

/** One event pushed to the message server, as far as binding needs it. */
export interface WechatEvent {
  openid: string;
  event: string;
  scene: string | null;
}

const xml = new XMLParser({ parseTagValue: false, processEntities: false, ignoreDeclaration: true });

/**
 * Reads a pushed message (WeChat's flat `<xml>` of CDATA fields). Returns the sender's openid, the event
 * and the QR scene it names (`qrscene_` of a subscribe stripped), or null when it is no event or no XML.
 */
export function parseWechatEvent(body: string): WechatEvent | null {
  let doc: { xml?: Record<string, unknown> };
  try {
    doc = xml.parse(body) as typeof doc;
  } catch {
    return null;
  }
  const m = doc.xml;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (!m || text(m.MsgType) !== 'event' || !text(m.FromUserName)) return null;
  const event = text(m.Event);
  const key = text(m.EventKey);
  const scene = event === 'SCAN' ? key : event === 'subscribe' && key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : '';
  return { openid: text(m.FromUserName), event, scene: scene || null };
}

/** Whether a message-server request carries WeChat's signature: SHA-1 of the sorted token, timestamp and nonce. */
export function wechatSignatureValid(token: string, q: { signature?: unknown; timestamp?: unknown; nonce?: unknown }): boolean {
  if (typeof q.signature !== 'string' || typeof q.timestamp !== 'string' || typeof q.nonce !== 'string') return false;
  const expected = crypto.createHash('sha1').update([token, q.timestamp, q.nonce].sort().join('')).digest();
  const given = Buffer.from(q.signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * The official-account provider (see the file comment). `fetchFn` is the HTTP client (tests point
 * `config.apiBase` at a stand-in server). A WeChat error or an unreachable API answers 502 with
 * MSG.wechatUnavailable; the credentials are never logged or returned.
 */
export class OfficialAccountWechatProvider implements WechatProvider {
  private token: { value: string; expires: number } | null = null;

  constructor(
    private db: Db,
    private config: WechatConfig,
    private fetchFn: typeof fetch = fetch,
  ) {}

  private async api<T extends { errcode?: number }>(path: string, init?: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.config.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new HttpError(502, 'wechat_unavailable', MSG.wechatUnavailable);
    }
    const body = (await res.json().catch(() => null)) as T | null;
    if (!res.ok || !body) throw new HttpError(502, 'wechat_unavailable', MSG.wechatUnavailable);
    return body;
  }

  /** The account's access token, cached until 5 minutes before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value;
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.config.appId, secret: this.config.secret });
    const r = await this.api<{ access_token?: string; expires_in?: number; errcode?: number }>(`/cgi-bin/token?${q}`);
    if (!r.access_token) throw new HttpError(502, 'wechat_unavailable', MSG.wechatUnavailable);
    this.token = { value: r.access_token, expires: Date.now() + Math.max(60, (r.expires_in ?? 7200) - 300) * 1000 };
    return this.token.value;
  }

  async createQr(): Promise<WechatQr> {
    const ticket = newTicket();
    const body = JSON.stringify({ expire_seconds: TICKET_TTL_MS / 1000, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: ticket } } });
    const create = async () =>
      this.api<{ url?: string; errcode?: number }>(`/cgi-bin/qrcode/create?access_token=${encodeURIComponent(await this.accessToken())}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    let r = await create();
    // 40001 / 42001: the token was revoked or expired early (another server took a new one): once more
    if (r.errcode === 40001 || r.errcode === 42001) {
      this.token = null;
      r = await create();
    }
    if (!r.url) throw new HttpError(502, 'wechat_unavailable', MSG.wechatUnavailable);
    await this.db
      .insertInto('wechat_tickets')
      .values({ ticket, openid: null, expires_at: new Date(Date.now() + TICKET_TTL_MS).toISOString() })
      .execute();
    await this.db.deleteFrom('wechat_tickets').where('expires_at', '<', new Date().toISOString()).execute();
    return { ticket, url: r.url, expiresIn: TICKET_TTL_MS };
  }

  /** Records a pushed scan event: the live, unscanned ticket named by its scene gets the openid. True when one did. */
  async scanned(e: WechatEvent): Promise<boolean> {
    if (!e.scene) return false;
    const r = await this.db
      .updateTable('wechat_tickets')
      .set({ openid: e.openid })
      .where('ticket', '=', e.scene)
      .where('openid', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async confirm(ticket: string): Promise<string | 'pending' | null> {
    const row = await this.db.selectFrom('wechat_tickets').selectAll().where('ticket', '=', ticket).executeTakeFirst();
    if (!row || row.expires_at < new Date().toISOString()) {
      if (row) await this.db.deleteFrom('wechat_tickets').where('ticket', '=', ticket).execute();
      return null;
    }
    if (!row.openid) return 'pending';
    const gone = await this.db.deleteFrom('wechat_tickets').where('ticket', '=', ticket).where('openid', '=', row.openid).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0 ? row.openid : null; // a second 完成绑定 racing this one gets nothing
  }
}
