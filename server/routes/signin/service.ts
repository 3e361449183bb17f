/**
 * Sign-in logic of issue 5 (spec 1 §3 'Users', §6; spec 2 §7 'Login'): e-mail users and the suffix rule,
 * identities (OpenID subjects, anonymous fingerprints), sealed values (login-info links, the SSO state
 * cookie: AES-256-GCM), the stored SSO settings of applications and OAuth clients.
 */
import { sitePath } from '../../../common/safePath.js';
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { Application, User } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
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

/** Decrypts what `seal` made; null when it is not base64url, too short, tampered or not JSON. */
export function unseal(key: Buffer, sealed: string): unknown {
  try {
    if (!/^[\w-]+={0,2}$/.test(sealed)) return null;
    const raw = Buffer.from(sealed, 'base64url');
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

/** Throws 400 unless `v` decrypted to an object. */
export function requireObject(v: unknown, message = MSG.badRequest): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(message);
  return v as Record<string, unknown>;
}
