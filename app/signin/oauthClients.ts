/**
 * What the 客户端登录 card needs besides React (spec 1 §6 client login; spec 2 §7 'Login';
 * docs/decisions.md 123, 200-202): the shapes of the OAuth client calls, the sign-in link of a client,
 * the body the card posts and the server fields each form field answers for. No React, no antd: unit-tested.
 */

/** The provider settings of a client as the server shows them: never the secret, only whether one is stored. */
export interface PublicSso {
  issuer: string;
  clientId: string;
  scope: string | null;
  hasClientSecret: boolean;
}

/** An item of GET /api/v1/applications/{id}/oauth/clients (and the answer of POST, with a message). */
export interface OAuthClient {
  clientId: string;
  name: string;
  applicationId: number;
  oauthUri: PublicSso | null;
}

/** The dialog's fields; `providerClientId` is the client id registered at the provider (oauthUri.clientId). */
export interface OAuthClientValues {
  clientId: string;
  name: string;
  issuer: string;
  providerClientId: string;
  clientSecret?: string;
  scope?: string;
}

/** The body of POST /api/v1/applications/{id}/oauth/clients (server/routes/signin/schema.ts oauthClientBody). */
export interface OAuthClientBody {
  clientId: string;
  name: string;
  oauthUri: { issuer: string; clientId: string; clientSecret?: string; scope?: string };
}

/** TanStack Query key of an application's client list. */
export const oauthClientsKey = (applicationId: number) => ['oauth-clients', applicationId] as const;

/** The client id rule of the server (letters, digits, `_`, `-`; 1 to 64). */
export const CLIENT_ID_PATTERN = /^[\w-]{1,64}$/;

/**
 * Server field (`body.` stripped) → dialog field, for applyFieldErrors. A refusal of the whole
 * `oauthUri` object lands on the issuer.
 */
export const OAUTH_CLIENT_FIELDS: Record<string, keyof OAuthClientValues> = {
  clientId: 'clientId',
  name: 'name',
  oauthUri: 'issuer',
  'oauthUri.issuer': 'issuer',
  'oauthUri.clientId': 'providerClientId',
  'oauthUri.clientSecret': 'clientSecret',
  'oauthUri.scope': 'scope',
};

/**
 * The ready-to-copy sign-in link of a client: `<site origin>/?oauth=xproject&client_id=<id>`
 * (spec 1 §6 'oauth query of xproject'). `siteOrigin` is like `https://portal.example.cn` (no trailing slash needed).
 */
export function clientSigninLink(siteOrigin: string, clientId: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/?oauth=xproject&client_id=${encodeURIComponent(clientId)}`;
}

/** The issuer as the server stores it (trimmed, no trailing slashes). */
export const normalIssuer = (issuer: string) => issuer.trim().replace(/\/+$/, '');

/**
 * The POST body of the dialog's values: trimmed; an empty secret is left out (the server keeps the
 * stored one, decision 201), an empty scope too.
 */
export function oauthClientBody(v: OAuthClientValues): OAuthClientBody {
  const secret = v.clientSecret ?? '';
  const scope = v.scope?.trim() ?? '';
  return {
    clientId: v.clientId.trim(),
    name: v.name.trim(),
    oauthUri: {
      issuer: normalIssuer(v.issuer),
      clientId: v.providerClientId.trim(),
      ...(secret ? { clientSecret: secret } : {}),
      ...(scope ? { scope } : {}),
    },
  };
}

/** The dialog's first values: a stored client's (secret always empty) or blanks for a new one. */
export function oauthClientValues(c?: OAuthClient): OAuthClientValues {
  return {
    clientId: c?.clientId ?? '',
    name: c?.name ?? '',
    issuer: c?.oauthUri?.issuer ?? '',
    providerClientId: c?.oauthUri?.clientId ?? '',
    clientSecret: '',
    scope: c?.oauthUri?.scope ?? '',
  };
}

/**
 * Whether saving these values would drop the stored secret: the client has one, the secret field is
 * empty, and the provider (issuer or its client id) changed — the rule of mergeSso on the server.
 */
export function secretWouldBeDropped(c: OAuthClient | undefined, v: Partial<OAuthClientValues>): boolean {
  if (!c?.oauthUri?.hasClientSecret || v.clientSecret) return false;
  return normalIssuer(v.issuer ?? '') !== normalIssuer(c.oauthUri.issuer) || (v.providerClientId ?? '').trim() !== c.oauthUri.clientId;
}
