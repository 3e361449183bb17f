/**
 * WeChat binding behind a provider (spec 2 §7 GET /api/v1/wechat/qrcode/, PUT /api/v1/account/bind/wechat).
 * No WeChat server is reachable here, so the only provider is the development one: it makes tickets, a
 * test call (`scan`) marks a ticket as scanned by an openid, and `confirm` answers that openid once.
 * Tickets live in memory for 5 minutes (one server process). See docs/decisions.md 162.
 */
import crypto from 'node:crypto';

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

const TICKET_TTL_MS = 5 * 60_000;

/** The development provider; `scan` stands in for a person scanning the code in WeChat. */
export class DevWechatProvider implements WechatProvider {
  private tickets = new Map<string, { openid: string | null; expires: number }>();

  async createQr(clientName: string, clientId: string): Promise<WechatQr> {
    const ticket = crypto.randomBytes(16).toString('base64url');
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
    if (!t || t.expires < Date.now()) { this.tickets.delete(ticket); return null; }
    if (!t.openid) return 'pending';
    this.tickets.delete(ticket);
    return t.openid;
  }
}
