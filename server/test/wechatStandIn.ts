/**
 * A stand-in of WeChat's official-account API for tests (the real one is not reachable here): GET
 * /cgi-bin/token (checks appid and secret, issues ACCESS_<n>) and POST /cgi-bin/qrcode/create (checks the
 * token, answers a QR url naming the scene), on a free loopback port. Also signs message-server pushes
 * as WeChat does, and writes the XML of a scan event.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The body of POST /cgi-bin/qrcode/create as the provider sends it. */
export interface QrCreateBody {
  expire_seconds: number;
  action_name: string;
  action_info: { scene: { scene_str: string } };
}

/** What the stand-in saw; `revokeNext` makes the next QR call answer 40001 (a revoked token). */
export interface WechatStandInState {
  tokenCalls: number;
  issued: number;
  creates: Array<{ token: string; body: QrCreateBody }>;
  revokeNext: boolean;
}

/** Starts the stand-in for one account; resolves with its base URL, its state and `close`. */
export async function startWechatStandIn(appId: string, secret: string): Promise<{ url: string; state: WechatStandInState; close(): Promise<void> }> {
  const state: WechatStandInState = { tokenCalls: 0, issued: 0, creates: [], revokeNext: false };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://wx');
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/cgi-bin/token') {
      state.tokenCalls += 1;
      const ok = u.searchParams.get('appid') === appId && u.searchParams.get('secret') === secret && u.searchParams.get('grant_type') === 'client_credential';
      if (!ok) {
        send({ errcode: 40013, errmsg: 'invalid appid' });
        return;
      }
      state.issued += 1;
      send({ access_token: `ACCESS_${state.issued}`, expires_in: 7200 });
      return;
    }
    if (u.pathname === '/cgi-bin/qrcode/create' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const token = u.searchParams.get('access_token') ?? '';
        const body = JSON.parse(raw) as QrCreateBody;
        state.creates.push({ token, body });
        if (state.revokeNext) {
          state.revokeNext = false;
          send({ errcode: 40001, errmsg: 'invalid credential' });
          return;
        }
        if (token !== `ACCESS_${state.issued}`) {
          send({ errcode: 40001, errmsg: 'invalid credential' });
          return;
        }
        const scene = body.action_info.scene.scene_str;
        send({ ticket: `gQH_${scene}`, expire_seconds: body.expire_seconds, url: `http://weixin.qq.com/q/${scene}` });
      });
      return;
    }
    res.statusCode = 404;
    send({ errcode: -1 });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
      }),
  };
}

/** The query WeChat adds to a push to the message server: timestamp, nonce and its SHA-1 signature with `token`. */
export function wechatPushQuery(token: string, signature?: string): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(6).toString('hex');
  const sig = signature ?? crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  return `signature=${sig}&timestamp=${timestamp}&nonce=${nonce}`;
}

/** The XML WeChat pushes when `openid` scans (event SCAN, key = scene) or follows by scanning (subscribe, key qrscene_<scene>). */
export const wechatScanXml = (openid: string, event: string, key: string) =>
  `<xml><ToUserName><![CDATA[gh_atrium]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>` +
  `<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[gQH_x]]></Ticket></xml>`;
