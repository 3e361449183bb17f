/**
 * A reader's personal-centre settings (docs/decisions.md 582): which notification groups send no
 * e-mail, and whether the browsing history is off. A reader without a row has the defaults: every
 * group's e-mail on (when they have an address), the history on.
 */
import type { Db } from '../db/index.js';
import { NOTIFY_GROUPS, type NotifyGroup } from '../../common/helix.js';
import { parseJsonArray } from './json.js';

/** The settings as the code reads them. */
export interface ReaderSettings {
  mailOff: NotifyGroup[];
  historyOff: boolean;
}

/** The reader's settings, the defaults when they never saved any. Rejects with the database's error. */
export async function readerSettings(db: Db, userId: number): Promise<ReaderSettings> {
  const row = await db.selectFrom('reader_settings').select(['mail_off', 'history_off']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { mailOff: [], historyOff: false };
  return {
    mailOff: parseJsonArray(row.mail_off).filter((g): g is NotifyGroup => (NOTIFY_GROUPS as readonly string[]).includes(g)),
    historyOff: !!row.history_off,
  };
}

/** Stores the reader's settings (a row per reader, replaced whole); resolves with what is stored. */
export async function saveReaderSettings(db: Db, userId: number, s: ReaderSettings): Promise<ReaderSettings> {
  const mailOff = NOTIFY_GROUPS.filter((g) => s.mailOff.includes(g));
  const values = { mail_off: JSON.stringify(mailOff), history_off: s.historyOff ? 1 : 0, updated_at: new Date().toISOString() };
  await db
    .insertInto('reader_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { mailOff, historyOff: s.historyOff };
}
