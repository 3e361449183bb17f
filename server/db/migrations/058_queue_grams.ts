import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '058_queue_grams';

/**
 * The moderation queue's text filters of 1 and 2 characters by an index (docs/decisions.md 690): the
 * trigram index of 054 serves 3 characters and more only. Both index every character and every pair of
 * adjacent characters (code points) of the summary as the filter's `lower(summary) like …` reads it:
 * - SQLite: `submissions_grams`, a contentless FTS5 table (no positions) whose row for a submission
 *   holds those grams as tokens of hexadecimal code points (`u5206u6790` for 分析: unicode61 would cut
 *   punctuation and spaces out of a gram), kept by triggers on insert, delete and a change of the
 *   summary ({@link gramsOf}), filled here from the existing rows. SQLite's lower() folds ASCII only.
 * - PostgreSQL: a GIN index of `submission_grams(lower(summary))`, an immutable SQL function giving the
 *   text's characters and pairs as an array, so the index follows every write by itself.
 * - `submissions_recent` (application, kind, time): a queue of every state read newest first, and the
 *   newest rows that a text filter looks through first, without sorting the application's submissions.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('submissions_recent').on('submissions').columns(['application_id', 'kind', 'created_at']).execute();
  if (dialect === 'postgres') {
    await sql`create function submission_grams(t text) returns text[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct g), '{}') from (
        select substr(t, i, 1) as g from generate_series(1, length(t)) as i
        union all
        select substr(t, i, 2) from generate_series(1, length(t) - 1) as i
      ) as grams
    $$`.execute(db);
    await sql`create index submissions_summary_grams on submissions using gin (submission_grams(lower(summary)))`.execute(db);
    return;
  }
  await sql`create virtual table submissions_grams using fts5(grams, content='', contentless_delete=1, detail='none', tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  await sql`create trigger submissions_grams_insert after insert on submissions begin
    insert into submissions_grams (rowid, grams) values (new.id, ${sql.raw(gramsOf('new.summary'))});
  end`.execute(db);
  await sql`create trigger submissions_grams_update after update of summary on submissions begin
    delete from submissions_grams where rowid = old.id;
    insert into submissions_grams (rowid, grams) values (new.id, ${sql.raw(gramsOf('new.summary'))});
  end`.execute(db);
  await sql`create trigger submissions_grams_delete after delete on submissions begin
    delete from submissions_grams where rowid = old.id;
  end`.execute(db);
  await sql`insert into submissions_grams (rowid, grams) select id, ${sql.raw(gramsOf('summary'))} from submissions`.execute(db);
}

/**
 * SQLite: the expression of the gram tokens of the text `t` (an SQL expression), for the triggers: each
 * character and each pair of adjacent characters of lower(t) (ASCII folded, as SQLite's lower() does) as
 * `u` + hexadecimal code point(s), once each, separated by spaces. The positions come from json_each over
 * an array of length(t) zeros (a trigger may not hold a WITH clause).
 */
function gramsOf(t: string): string {
  const positions = `json_each('[' || rtrim(replace(hex(zeroblob(length(${t}))), '00', '0,'), ',') || ']')`;
  const unit = (k: string) => `'u' || printf('%x', unicode(substr(lower(${t}), ${k}, 1)))`;
  return `(select coalesce(group_concat(g, ' '), '') from (
      select ${unit('p.key + 1')} as g from ${positions} as p
      union
      select ${unit('p.key + 1')} || ${unit('p.key + 2')} from ${positions} as p where p.key + 2 <= length(${t})
    ))`;
}
