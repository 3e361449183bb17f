/**
 * Verification codes and users: 6 digits, stored as HMAC-SHA256 with the server
 * secret, valid 5 minutes, dead after 5 tries (counted atomically, decision 400), one per minute per
 * target; daily caps per target and asking address (decisions 402, 403) and hourly wrong-try limits per
 * target (decision 401).
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { badRequest, tooMany } from '../http/errors.js';
import { addressKey, hit, unhit } from '../http/rateLimit.js';
import {
  CODE_MAX_TRIES,
  CODE_RESEND_MS,
  CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR,
  CODE_TRIES_PER_TARGET_PER_HOUR,
  CODE_TTL_MS,
  DAILY_CODE_LIMIT,
  DAILY_CODE_TARGET_LIMIT,
  DAILY_CODE_WINDOW_MS,
} from '../../common/constants.js';
import { MSG } from '../../common/messages.js';

/** The window of the hourly wrong-try limits of a target (decision 401). */
const TRIES_WINDOW_MS = 60 * 60_000;

const hashCode = (secret: string, target: string, code: string) => crypto.createHmac('sha256', secret).update(`${target}\u0000${code}`).digest('hex');

/**
 * The target as the daily caps count it (decision 403): an e-mail target (`email:local@domain`) without
 * case, without the quotes of a quoted local part (`"a"@b` is `a@b`), without the trailing dot of its
 * domain (`a@b.cn.` is `a@b.cn`) and without a plus-tag (`a+1@b` is `a@b`), so that spellings of one
 * mailbox share one allowance; any other target (a phone) as it is. The code itself stays bound to
 * the target as written, and is sent there.
 */
export function capKey(target: string): string {
  if (!target.startsWith('email:')) return target;
  const address = target.slice('email:'.length).trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return `email:${address}`;
  let local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.+$/, '');
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) local = local.slice(1, -1).replace(/\\(.)/g, '$1');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  return `email:${local}@${domain}`;
}

/** Options of {@link issueCode}; a bare Date stands for `{ now }`. */
export interface IssueOptions {
  /** the client address that asks (IPv6 grouped by /64); absent: '' (one shared requester) */
  address?: string;
  now?: Date;
}

/**
 * Makes a new code for the target and returns it (6 digits). Refuses with 429 (decisions 247, 402,
 * 403): MSG.sendTooOften when the last code of the same mailbox or phone (capKey) is younger than
 * CODE_RESEND_MS; MSG.codeDailyLimit when DAILY_CODE_LIMIT codes went to it at the request of the
 * same client address in the last 24 hours; MSG.codeTargetDailyLimit when DAILY_CODE_TARGET_LIMIT went
 * to it whoever asked. So a stranger who uses up their own allowance for someone's phone leaves the
 * owner theirs. A code whose sending failed is dropped (dropLatestCode) and does not count.
 */
export async function issueCode(db: Db, secret: string, target: string, opts: IssueOptions | Date = {}): Promise<string> {
  const { address, now = new Date() } = opts instanceof Date ? { now: opts } : opts;
  const key = capKey(target);
  const requester = address ? addressKey(address) : '';
  const last = await db.selectFrom('verification_codes').select('created_at').where('cap_key', '=', key).orderBy('created_at', 'desc').executeTakeFirst();
  if (last && now.getTime() - new Date(last.created_at).getTime() < CODE_RESEND_MS) throw tooMany(MSG.sendTooOften);
  const today = await db
    .selectFrom('verification_codes')
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>(eb.case().when('requester', '=', requester).then(1).else(0).end()).as('mine')])
    .where('cap_key', '=', key)
    .where('created_at', '>', new Date(now.getTime() - DAILY_CODE_WINDOW_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(today.mine ?? 0) >= DAILY_CODE_LIMIT) throw tooMany(MSG.codeDailyLimit);
  if (Number(today.all) >= DAILY_CODE_TARGET_LIMIT) throw tooMany(MSG.codeTargetDailyLimit);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db
    .insertInto('verification_codes')
    .values({
      target,
      cap_key: key,
      requester,
      code_hash: hashCode(secret, target, code),
      attempts: 0,
      used: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    })
    .execute();
  return code;
}

/** Removes the code of a target (used when sending failed, so the person may ask again at once). */
export async function dropLatestCode(db: Db, target: string) {
  await db.deleteFrom('verification_codes').where('target', '=', target).where('used', '=', 0).execute();
}

/** Options of {@link checkCode}. */
export interface CheckOptions {
  /** the client address that tries (IPv6 grouped by /64); absent: only the target's own limit applies */
  address?: string;
  now?: Date;
}

const codeRefusal = (msg: string) => badRequest(msg, { sms_code: msg });

/**
 * Checks a code against the target's latest unused one; consumes it when right. Refuses with 400
 * MSG.codeWrongOrExpired (no live code, or a wrong one) or MSG.codeTooManyTries (the code has had its
 * CODE_MAX_TRIES; the try that used the last one says so too), and with 429 MSG.codeTargetTriesLimit
 * when the target has had CODE_TRIES_PER_TARGET_PER_HOUR wrong tries in the hour, or
 * CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR from this address (decision 401).
 *
 * Each try takes one of the code's tries in one conditional UPDATE before the code is compared
 * (decision 400), so that however many tries arrive together, at most CODE_MAX_TRIES are ever compared
 * and the code is dead afterwards, the right code too. The hourly counts are taken the same way and
 * given back by a try that was not compared or was right, so they count wrong tries only.
 */
export async function checkCode(db: Db, secret: string, target: string, code: string, opts: CheckOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'attempts', 'code_hash', 'expires_at'])
    .where('target', '=', target)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) throw codeRefusal(MSG.codeWrongOrExpired);
  if (row.attempts >= CODE_MAX_TRIES) throw codeRefusal(MSG.codeTooManyTries);

  // the hourly wrong tries of the mailbox or phone: from this address, then from anyone (decision 401)
  const base = `code-tries:${capKey(target)}`;
  const keys = [...(opts.address ? [`${base}@${addressKey(opts.address)}`] : []), base];
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((k) => unhit(db, k)));
  for (const [i, k] of keys.entries()) {
    const limit = i === keys.length - 1 ? CODE_TRIES_PER_TARGET_PER_HOUR : CODE_TRIES_PER_TARGET_ADDRESS_PER_HOUR;
    const ok = await hit(db, k, limit, TRIES_WINDOW_MS, now);
    taken.push(k);
    if (!ok) {
      await giveBack();
      throw tooMany(MSG.codeTargetTriesLimit);
    }
  }

  // one of the code's tries, taken in one statement (decision 400)
  const claimed = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('attempts', '<', CODE_MAX_TRIES)
    .where('expires_at', '>', now.toISOString())
    .returning('attempts')
    .executeTakeFirst();
  if (!claimed) {
    await giveBack();
    const after = await db.selectFrom('verification_codes').select(['attempts', 'used']).where('id', '=', row.id).executeTakeFirst();
    throw codeRefusal(after && !after.used && after.attempts >= CODE_MAX_TRIES ? MSG.codeTooManyTries : MSG.codeWrongOrExpired);
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, target, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) throw codeRefusal(claimed.attempts >= CODE_MAX_TRIES ? MSG.codeTooManyTries : MSG.codeWrongOrExpired);
  await giveBack();
  const res = await db.updateTable('verification_codes').set({ used: 1 }).where('id', '=', row.id).where('used', '=', 0).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw codeRefusal(MSG.codeWrongOrExpired);
}

/** Finds the user with this mainland phone number, creating an ordinary user when there is none. */
export async function userByPhone(db: Db, phone: string): Promise<User> {
  const found = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (found) return found;
  await db
    .insertInto('users')
    .values({
      phone,
      email: null,
      name: `用户${phone.slice(-4)}`,
      affiliation: '',
      role: 'user',
      anonymous: 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
}

/** The public shape of a user (spec 1 §3 'Users'). */
export function presentUser(u: User) {
  return {
    id: u.id,
    uid: u.id,
    name: u.name,
    affiliation: u.affiliation,
    phone: u.phone ? `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}` : null,
    role: u.role,
    anonymous: !!u.anonymous,
    tags: [] as string[],
  };
}
