import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers';

/**
 * What changed in a feed since it was compiled for serving (issue 47, docs/decisions/0145): each
 * rule's `revision`, which every write of the rule raises, in the order writes commit, and per
 * profile `rules_deleted`, raised by a statement that deletes its rules. A served creative's
 * compiled set then reads only its rules written since (index `profile_rules_revision_idx`) instead
 * of recompiling 700,000 of them.
 *
 * PostgreSQL: the writing transaction's id (`txid_current()`, 64 bits), by default on insert and by
 * a trigger on an update that does not set it. A reader's stamp is what its snapshot could not
 * see: the ids from its `xmax` on and those it saw running (`RevisionStamp`,
 * modules/profiles/rule-revisions.ts).
 *
 * SQLite: one writer at a time, so a number counted per profile orders writes as they commit: the
 * profile's highest revision plus one, set by the sync's statements, else by a trigger (after the
 * row is written: SQLite's triggers cannot change the row they fire for).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await sql
    .raw(
      `alter table profile_rules add column revision ${postgres ? 'bigint' : 'integer'} not null default 0`,
    )
    .execute(db);
  await sql`alter table profiles add column rules_deleted integer not null default 0`.execute(db);
  await sql`create index profile_rules_revision_idx on profile_rules (profile_id, revision)`.execute(db);
  if (postgres) {
    await sql`alter table profile_rules alter column revision set default txid_current()`.execute(db);
    await sql`
      create function profile_rules_revised() returns trigger language plpgsql as $$
      begin
        new.revision := txid_current();
        return new;
      end $$`.execute(db);
    await sql`
      create trigger profile_rules_revision before update on profile_rules
      for each row when (new.revision = old.revision) execute function profile_rules_revised()`.execute(db);
    await sql`
      create function profile_rules_deleted() returns trigger language plpgsql as $$
      begin
        update profiles set rules_deleted = rules_deleted + 1
          where id in (select distinct profile_id from old_rows);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger profile_rules_deleted after delete on profile_rules
      referencing old table as old_rows for each statement execute function profile_rules_deleted()`.execute(
      db,
    );
    return;
  }
  const next = (row: string) =>
    `update profile_rules set revision =
       (select max(revision) + 1 from profile_rules where profile_id = ${row}.profile_id)
     where id = ${row}.id;`;
  await sql
    .raw(
      `create trigger profile_rules_revision_insert after insert on profile_rules
       when new.revision = 0 begin ${next('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger profile_rules_revision_update after update on profile_rules
       when new.revision = old.revision begin ${next('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger profile_rules_deleted after delete on profile_rules begin
         update profiles set rules_deleted = rules_deleted + 1 where id = old.profile_id; end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop function profile_rules_revised() cascade`.execute(db);
    await sql`drop function profile_rules_deleted() cascade`.execute(db);
  } else {
    await sql`drop trigger profile_rules_revision_insert`.execute(db);
    await sql`drop trigger profile_rules_revision_update`.execute(db);
    await sql`drop trigger profile_rules_deleted`.execute(db);
  }
  await sql`drop index profile_rules_revision_idx`.execute(db);
  await sql`alter table profile_rules drop column revision`.execute(db);
  await sql`alter table profiles drop column rules_deleted`.execute(db);
}
