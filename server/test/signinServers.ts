/**
 * Real servers for the sign-in tests (API and e2e): an OpenID provider (oidc-provider v9 with its
 * development login/consent pages) and an SMTP server (smtp-server) on free loopback ports, and a
 * driver that walks the provider's pages over HTTP like a browser with a cookie jar.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts an OpenID provider on 127.0.0.1 with one confidential client allowed to redirect to
 * `redirectUris`; every login name is an account whose `name` claim is `names[login]` or the login.
 */
export async function startOidcProvider(redirectUris: string[], names: Record<string, string> = {}): Promise<TestOidc> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'atrium-test';
  const clientSecret = 'test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, name: names[id] ?? id }) }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Walks from the provider's authorization URL through its login (as `login`) and consent pages and
 * returns the URL it finally redirects to outside the provider (the application's callback).
 */
export async function walkProvider(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authUrl).origin;
  let url = new URL(authUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      body,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== origin) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!prompt) throw new Error(`no prompt on the provider page: ${html.slice(0, 300)}`);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'x' } : { prompt }).toString();
  }
  throw new Error('too many provider steps');
}

export interface TestSmtp {
  url: string;
  /** raw messages received, in order */
  messages: Array<{ to: string[]; raw: string }>;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message. */
export async function startSmtpServer(): Promise<TestSmtp> {
  const messages: TestSmtp['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=1`, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The text body of a raw single-part mail, decoded from base64 or quoted-printable. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const enc = head.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
