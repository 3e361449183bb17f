/**
 * Single sign-on with OpenID Connect, authorization code + PKCE (spec 1 §6 'an anonymous user is sent
 * to the single-sign-on authorisation address'; docs/decisions.md 121, 124) through openid-client v6.
 * The provider's metadata is discovered once per issuer and client and kept 10 minutes.
 */
import * as oidc from 'openid-client';
import type { SsoSettings } from './schema.js';

const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** True for a loopback host, where plain http is allowed even in production (a provider on the same machine). */
const loopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/**
 * The discovered client configuration of the settings. Plain-http issuers are allowed outside
 * production and on loopback addresses. Throws when discovery fails (the caller answers 502).
 */
export function oidcConfig(s: SsoSettings, production: boolean): Promise<oidc.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret ?? '']);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const issuer = new URL(s.issuer);
  const insecure = issuer.protocol === 'http:' && (!production || loopback(issuer));
  const config = oidc.discovery(
    issuer,
    s.clientId,
    s.clientSecret ? { client_secret: s.clientSecret } : undefined,
    s.clientSecret ? oidc.ClientSecretPost(s.clientSecret) : oidc.None(),
    { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
  );
  config.catch(() => cache.delete(key));
  cache.set(key, { at: Date.now(), config });
  return config;
}

/** What the start step remembers until the callback (sealed in a cookie). */
export interface SsoState {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  /** where the settings came from: an OAuth client id, or the application id of the host */
  clientId?: string;
  applicationId?: number;
  /** expiry, ms since epoch */
  exp: number;
}

/** Builds the provider's authorization URL and the state to remember. */
export async function startSso(
  config: oidc.Configuration,
  s: SsoSettings,
  redirectUri: string,
  rest: Pick<SsoState, 'redirect' | 'clientId' | 'applicationId'>,
  ttlMs: number,
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state: SsoState = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, exp: Date.now() + ttlMs, ...rest };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: ['openid', 'profile', ...(s.scope ? s.scope.split(' ').filter(Boolean) : [])].filter((v, i, a) => a.indexOf(v) === i).join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: state.state,
    nonce: state.nonce,
  });
  return { url, state };
}

/**
 * Exchanges the code of the callback URL; returns the ID token's claims, completed with the UserInfo
 * answer when the ID token carries no name (providers may keep profile claims for UserInfo only).
 * Throws on any check that fails.
 */
export async function finishSso(config: oidc.Configuration, currentUrl: URL, st: SsoState) {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: st.verifier,
    expectedState: st.state,
    expectedNonce: st.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('no subject in the ID token');
  let profile: Record<string, unknown> = {};
  if (!claims.name && config.serverMetadata().userinfo_endpoint) {
    try {
      profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch {
      profile = {};
    }
  }
  return { issuer: config.serverMetadata().issuer, claims: { ...profile, ...claims } };
}
