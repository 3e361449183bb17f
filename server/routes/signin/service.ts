/**
 * Sign-in logic (spec 1 §3 'Users', §6; spec 2 §7 'Login'): e-mail users and the suffix rule,
 * identities (OpenID subjects, anonymous fingerprints), sealed values (login-info links, the SSO state
 * cookie: AES-256-GCM), the stored SSO settings of applications and OAuth clients.
 */
import { sitePath } from '../../../common/safePath.js';
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { Application, User } from '../../db/schema.js';
import Bowser from 'bowser';
import { conflict, notFound } from '../../http/errors.js';
import { MSG } from '../../../common/messages.js';
import { ssoSettings, type SsoSettings } from './schema.js';

/**
 * True when `email` may sign in on the application: no rule, or its domain equals one of the
 * comma-separated suffixes or ends with '.' + one of them (docs/decisions.md 122).
 */
export function mailAllowed(app: Pick<Application, 'mail_allow_suffix'> | undefined, email: string): boolean {
  const rule = app?.mail_allow_suffix;
  if (!rule) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return rule.split(',').some((s) => domain === s || domain.endsWith(`.${s}`));
}

/** Finds the user with this e-mail (lower case), creating an ordinary user named after its local part. */
export async function userByEmail(db: Db, email: string): Promise<User> {
  const found = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (found) return found;
  await db
    .insertInto('users')
    .values({
      phone: null,
      email,
      name: email.slice(0, email.indexOf('@')).slice(0, 20) || '用户',
      affiliation: '',
      role: 'user',
      anonymous: 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

/**
 * The user of an identity (provider, subject), creating user and identity together (one transaction)
 * with `make()`'s fields when there is none. Two racing calls end with one user.
 */
export async function userByIdentity(
  db: Db,
  provider: string,
  subject: string,
  make: () => { name: string; affiliation: string; anonymous: number },
): Promise<{ user: User; created: boolean }> {
  const find = () =>
    db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .where('user_identities.provider', '=', provider)
      .where('user_identities.subject', '=', subject)
      .executeTakeFirst();
  const found = await find();
  if (found) return { user: found, created: false };
  try {
    const user = await db.transaction().execute(async (tx) => {
      const now = new Date().toISOString();
      const u = await tx
        .insertInto('users')
        .values({ phone: null, email: null, role: 'user', created_at: now, ...make() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx.insertInto('user_identities').values({ provider, subject, user_id: u.id, created_at: now }).execute();
      return u;
    });
    return { user, created: true };
  } catch (err) {
    const again = await find();
    if (again) return { user: again, created: false };
    throw err;
  }
}

const NAME_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A generated anonymous name: 访客 and 4 letters/digits without look-alikes, e.g. 访客K7Q2 (spec 1 §3 'Users'). */
export function anonymousName(): string {
  let s = '访客';
  for (let i = 0; i < 4; i++) s += NAME_CHARS[crypto.randomInt(NAME_CHARS.length)];
  return s;
}

/** Encrypts a JSON value with AES-256-GCM: base64url(iv 12 bytes | ciphertext | tag 16 bytes). */
export function seal(key: Buffer, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()]);
  return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url');
}

/**
 * The bytes of a base64url text written canonically (decision 404): the unpadded form `seal` writes, or
 * that form with exactly the padding that completes its last group (as Java's default URL encoder
 * writes it). Null for anything else: other characters, wrong padding, a length no encoder makes, or
 * unused bits of the last character that are not zero (Node's decoder would read `…A`, `…B`, … alike).
 */
export function canonicalBase64url(text: string): Buffer | null {
  const m = /^([\w-]*)(={0,2})$/.exec(text);
  if (!m) return null;
  const [, body, pad] = m;
  if (body.length % 4 === 1 || (pad && (body.length + pad.length) % 4 !== 0)) return null;
  const bytes = Buffer.from(body, 'base64url');
  return bytes.toString('base64url') === body ? bytes : null;
}

/** Decrypts what `seal` made; null when it is not canonical base64url (decision 404), too short, tampered or not JSON. */
export function unseal(key: Buffer, sealed: string): unknown {
  try {
    const raw = canonicalBase64url(sealed);
    if (!raw) return null;
    if (raw.length < 12 + 16 + 2) return null;
    const d = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A 32-byte key derived from the server secret for one purpose. */
export const derivedKey = (secret: string, purpose: string) => crypto.createHash('sha256').update(`${purpose}\u0000${secret}`).digest();

/** Reads stored SSO settings (JSON text); null when absent or unreadable. */
export function readSso(stored: string | null | undefined): SsoSettings | null {
  if (!stored) return null;
  try {
    const r = ssoSettings.safeParse(JSON.parse(stored));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The SSO settings as anyone may see them: never the client secret (docs/decisions.md 121). */
export function publicSso(s: SsoSettings | null) {
  return s ? { issuer: s.issuer, clientId: s.clientId, scope: s.scope ?? null, hasClientSecret: !!s.clientSecret } : null;
}

/**
 * The sign-in fields of the application config (spec 1 §3 'Application config': oauthUri, mailAllowSuffix),
 * safe for every reader.
 */
export function signinConfig(app: Application) {
  return { oauthUri: publicSso(readSso(app.oauth_uri)), mailAllowSuffix: app.mail_allow_suffix ?? null };
}

/**
 * New settings to store: an omitted client secret keeps the stored one when issuer and client stay the
 * same (the console never sees it); '' removes it.
 */
export function mergeSso(next: SsoSettings, prev: SsoSettings | null): SsoSettings {
  const issuer = next.issuer.replace(/\/+$/, '');
  // compared as stored (without trailing slashes): 'https://idp/' is the same provider as 'https://idp'
  const keep =
    next.clientSecret === undefined && prev && prev.issuer.replace(/\/+$/, '') === issuer && prev.clientId === next.clientId ? prev.clientSecret : undefined;
  const secret = next.clientSecret === undefined ? keep : next.clientSecret || undefined;
  return { issuer, clientId: next.clientId, ...(secret ? { clientSecret: secret } : {}), ...(next.scope ? { scope: next.scope } : {}) };
}

/**
 * A same-site path to go to after signing in (never an open redirect): starts with one '/', no
 * backslash or control characters; anything else gives `fallback`.
 */
export function samePath(raw: string | undefined | null, fallback = '/'): string {
  return sitePath(raw, fallback);
}

/** Stores an application's sign-in settings (`oauthUri` merged with the stored secret; null turns SSO off). */
export async function saveSigninSettings(db: Db, app: Application, body: { oauthUri?: SsoSettings | null; mailAllowSuffix?: string | null }): Promise<void> {
  const set: { oauth_uri?: string | null; mail_allow_suffix?: string | null; updated_at: string } = { updated_at: new Date().toISOString() };
  if (body.oauthUri !== undefined) set.oauth_uri = body.oauthUri ? JSON.stringify(mergeSso(body.oauthUri, readSso(app.oauth_uri))) : null;
  if (body.mailAllowSuffix !== undefined) set.mail_allow_suffix = body.mailAllowSuffix;
  await db.updateTable('applications').set(set).where('id', '=', app.id).execute();
}

/** An OAuth client for client login, or 404 客户端不存在. */
export async function getOauthClient(db: Db, clientId: string) {
  const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) throw notFound(MSG.oauthClientNotFound);
  return row;
}

/** The OAuth clients of an application as its managers see them (never a client secret). */
export async function listOauthClients(db: Db, applicationId: number) {
  const rows = await db.selectFrom('oauth_clients').selectAll().where('application_id', '=', applicationId).orderBy('client_id').execute();
  return rows.map((r) => ({ clientId: r.client_id, name: r.name, applicationId: r.application_id, oauthUri: publicSso(readSso(r.sso)) }));
}

/**
 * Creates or changes an OAuth client of the application (409 when its id belongs to another
 * application); `created` tells which. The stored secret is kept when none is sent.
 */
export async function saveOauthClient(db: Db, applicationId: number, body: { clientId: string; name: string; oauthUri: SsoSettings }) {
  const prev = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', body.clientId).executeTakeFirst();
  if (prev && prev.application_id !== applicationId) throw conflict(MSG.oauthClientTaken);
  const sso = JSON.stringify(mergeSso(body.oauthUri, readSso(prev?.sso)));
  if (prev) await db.updateTable('oauth_clients').set({ name: body.name, sso }).where('client_id', '=', body.clientId).execute();
  else
    await db
      .insertInto('oauth_clients')
      .values({ client_id: body.clientId, application_id: applicationId, name: body.name, sso, created_at: new Date().toISOString() })
      .execute();
  return { created: !prev, client: { clientId: body.clientId, name: body.name, applicationId, oauthUri: publicSso(readSso(sso)) } };
}

/** Deletes an OAuth client of the application, or 404 客户端不存在. */
export async function deleteOauthClient(db: Db, applicationId: number, clientId: string): Promise<void> {
  const r = await db.deleteFrom('oauth_clients').where('client_id', '=', clientId).where('application_id', '=', applicationId).executeTakeFirst();
  if (!Number(r.numDeletedRows)) throw notFound(MSG.oauthClientNotFound);
}

/** The single sign-on settings of a start: an OAuth client's (client login) or an application's; null when none. */
export async function ssoSettingsFor(db: Db, src: { clientId?: string; applicationId?: number }): Promise<SsoSettings | null> {
  if (src.clientId) {
    const row = await db.selectFrom('oauth_clients').select('sso').where('client_id', '=', src.clientId).executeTakeFirst();
    return readSso(row?.sso);
  }
  if (src.applicationId) {
    const row = await db.selectFrom('applications').select('oauth_uri').where('id', '=', src.applicationId).executeTakeFirst();
    return readSso(row?.oauth_uri);
  }
  return null;
}

/** Sets the name and institution a login-info link carries on its user; returns the user as changed. */
export async function applyLoginInfoProfile(db: Db, user: User, p: { name?: string; institution?: string }): Promise<User> {
  const set: { name?: string; affiliation?: string } = {};
  if (p.name) set.name = p.name;
  if (p.institution) set.affiliation = p.institution;
  if (!Object.keys(set).length) return user;
  await db.updateTable('users').set(set).where('id', '=', user.id).execute();
  return { ...user, ...set };
}

/** 'Chrome 131 · Windows' from a User-Agent (bowser), or null when there is none. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const p = Bowser.parse(userAgent);
  const browser = [p.browser.name, p.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = p.os.name ?? '';
  return [browser, os].filter(Boolean).join(' · ') || userAgent.slice(0, 60);
}

/** The length of a session's public id: the first hex digits of its token's hash. */
const SESSION_ID_LENGTH = 12;

/** The user's sessions that have not expired, newest first (at most 100); `currentHash` marks this browser's. */
export async function listSessions(db: Db, userId: number, currentHash: string) {
  const rows = await db
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.token_hash.slice(0, SESSION_ID_LENGTH),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    current: r.token_hash === currentHash,
    device: deviceLabel(r.user_agent),
    ip: r.ip,
  }));
}

/** Ends every session of the user; returns how many. */
export async function endAllSessions(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Ends one session of the user by its public id (the hash prefix of listSessions); 404 登录设备不存在
 * when the user has none with it. Returns whether it was `currentHash` (this browser's).
 */
export async function endOneSession(db: Db, userId: number, id: string, currentHash: string): Promise<{ current: boolean }> {
  const rows = await db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).where('token_hash', 'like', `${id}%`).execute();
  const row = rows.find((r) => r.token_hash.slice(0, SESSION_ID_LENGTH) === id);
  if (!row) throw notFound(MSG.sessionNotFound);
  await db.deleteFrom('sessions').where('token_hash', '=', row.token_hash).execute();
  return { current: row.token_hash === currentHash };
}
