/**
 * Verification codes and users (issue 2 'Sign in'): 6 digits, stored as HMAC-SHA256 with the server
 * secret, valid 5 minutes, dead after 5 wrong tries, one per minute per target.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import type { User } from '../db/schema.js';
import { HttpError, badRequest, tooMany } from '../http/errors.js';
import { CODE_MAX_TRIES, CODE_RESEND_MS, CODE_TTL_MS, DAILY_CODE_LIMIT, DAILY_CODE_WINDOW_MS } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';

const hashCode = (secret: string, target: string, code: string) => crypto.createHmac('sha256', secret).update(`${target}\u0000${code}`).digest('hex');

/**
 * Makes a new code for the target, refusing (429) when the last one is younger than a minute, or when
 * DAILY_CODE_LIMIT codes went to the target in the last 24 hours (今日验证码发送次数已达上限). Returns the code.
 */
export async function issueCode(db: Db, secret: string, target: string, now = new Date()): Promise<string> {
  const last = await db.selectFrom('verification_codes').select('created_at').where('target', '=', target).orderBy('created_at', 'desc').executeTakeFirst();
  if (last && now.getTime() - new Date(last.created_at).getTime() < CODE_RESEND_MS) throw tooMany(MSG.sendTooOften);
  // at most DAILY_CODE_LIMIT codes per phone or address in 24 hours (a failed send is dropped and does not count)
  const today = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target', '=', target)
    .where('created_at', '>', new Date(now.getTime() - DAILY_CODE_WINDOW_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= DAILY_CODE_LIMIT) throw tooMany(MSG.codeDailyLimit);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db
    .insertInto('verification_codes')
    .values({
      target,
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

/** Checks a code; consumes it on success, counts a wrong try otherwise. Throws 400 with the reason. */
export async function checkCode(db: Db, secret: string, target: string, code: string, now = new Date()): Promise<void> {
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) throw badRequest(MSG.codeWrongOrExpired, { sms_code: MSG.codeWrongOrExpired });
  if (row.attempts >= CODE_MAX_TRIES) throw badRequest(MSG.codeTooManyTries, { sms_code: MSG.codeTooManyTries });
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, target, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await db.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
    const msg = attempts >= CODE_MAX_TRIES ? MSG.codeTooManyTries : MSG.codeWrongOrExpired;
    throw badRequest(msg, { sms_code: msg });
  }
  const res = await db.updateTable('verification_codes').set({ used: 1 }).where('id', '=', row.id).where('used', '=', 0).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new HttpError(400, 'bad_request', MSG.codeWrongOrExpired);
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
