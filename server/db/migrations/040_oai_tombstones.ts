import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/** The key stored in `kysely_migration`: never change it (docs/decisions.md 269). */
export const name = '040_oai_tombstones';

/**
 * The OAI-PMH provider's memory of withdrawn records (server/oai; docs/decisions.md 517-518):
 * - `oai_tombstones(topic_id, resource_id)`: a record that was published in a topic and is no longer
 *   (its link deleted, its resource deleted, or unpublished), with its type and categories at the time
 *   and `deleted_at` (ISO 8601 UTC with milliseconds, as `resources.updated_at`). Written by triggers on
 *   `resource_topics`, so every way a record leaves a topic leaves a tombstone (deletedRecord
 *   persistent); removed when the record is published in the topic again.
 * - republishing a link (0 → 1 outside an import) or relinking a tombstoned record touches
 *   `resources.updated_at`, so an incremental harvest (`from`) sees it come back.
 * - `resources_updated (updated_at, id)`: the harvest's keyset order.
 * Throws the database's error when a statement fails.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create table oai_tombstones (
    topic_id integer not null,
    resource_id integer not null,
    type text not null,
    category_one text,
    category_two text,
    deleted_at text not null,
    primary key (topic_id, resource_id)
  )`.execute(db);
  await sql`create index oai_tombstones_order on oai_tombstones (topic_id, deleted_at, resource_id)`.execute(db);
  await sql`create index resources_updated on resources (updated_at, id)`.execute(db);

  if (dialect === 'postgres') {
    const stamp = `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`create function oai_tombstone_write() returns trigger language plpgsql as $$
      begin
        insert into oai_tombstones (topic_id, resource_id, type, category_one, category_two, deleted_at)
          values (old.topic_id, old.resource_id, old.type, old.category_one, old.category_two, ${sql.raw(stamp)})
          on conflict (topic_id, resource_id) do update set type = excluded.type, category_one = excluded.category_one,
            category_two = excluded.category_two, deleted_at = excluded.deleted_at;
        return null;
      end
    $$`.execute(db);
    await sql`create function oai_tombstone_clear() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.import_task is null then
          update resources set updated_at = ${sql.raw(stamp)} where id = new.resource_id;
        elsif exists (select 1 from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id) then
          update resources set updated_at = ${sql.raw(stamp)} where id = new.resource_id;
        end if;
        delete from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger oai_tombstone_on_delete after delete on resource_topics for each row
      when (old.published = 1) execute function oai_tombstone_write()`.execute(db);
    await sql`create trigger oai_tombstone_on_unpublish after update of published on resource_topics for each row
      when (old.published = 1 and new.published = 0) execute function oai_tombstone_write()`.execute(db);
    await sql`create trigger oai_tombstone_on_publish after update of published on resource_topics for each row
      when (old.published = 0 and new.published = 1) execute function oai_tombstone_clear()`.execute(db);
    await sql`create trigger oai_tombstone_on_insert after insert on resource_topics for each row
      when (new.published = 1) execute function oai_tombstone_clear()`.execute(db);
    return;
  }
  const stamp = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  const write = (row: 'old') => sql`insert into oai_tombstones (topic_id, resource_id, type, category_one, category_two, deleted_at)
      values (${sql.raw(row)}.topic_id, ${sql.raw(row)}.resource_id, ${sql.raw(row)}.type, ${sql.raw(row)}.category_one, ${sql.raw(row)}.category_two, ${stamp})
      on conflict (topic_id, resource_id) do update set type = excluded.type, category_one = excluded.category_one,
        category_two = excluded.category_two, deleted_at = excluded.deleted_at;`;
  await sql`create trigger oai_tombstone_on_delete after delete on resource_topics when old.published = 1 begin ${write('old')} end`.execute(db);
  await sql`create trigger oai_tombstone_on_unpublish after update of published on resource_topics
    when old.published = 1 and new.published = 0 begin ${write('old')} end`.execute(db);
  await sql`create trigger oai_tombstone_on_publish after update of published on resource_topics
    when old.published = 0 and new.published = 1 begin
      update resources set updated_at = ${stamp} where id = new.resource_id
        and (old.import_task is null or exists (select 1 from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id));
      delete from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id;
    end`.execute(db);
  await sql`create trigger oai_tombstone_on_insert after insert on resource_topics when new.published = 1 begin
      update resources set updated_at = ${stamp} where id = new.resource_id
        and exists (select 1 from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id);
      delete from oai_tombstones where topic_id = new.topic_id and resource_id = new.resource_id;
    end`.execute(db);
}
