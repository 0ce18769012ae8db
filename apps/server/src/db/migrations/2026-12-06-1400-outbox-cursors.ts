import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/** What e-mail told people of when this migration was written (mail.repository.ts's MAILED_EVENTS). */
const MAILED = "('approval.decided', 'profile.sync_failed', 'profile.needs_confirmation')";

/**
 * The outbox owns `outbox_events` (decision 0114): each consumer keeps a cursor in
 * `outbox_cursors` instead of columns of its own on the events, so a third consumer is a name, not
 * a migration. Cursors move along `seq`, the order in which events became visible (given by the
 * outbox as it reads: on PostgreSQL an event whose transaction commits late gets a later `seq`
 * rather than being skipped by a cursor that went past its id). E-mail's retries, which were
 * columns of the events, become e-mail's own table, `mail_retries`, holding the event it retries.
 *
 * Carried over, so that nothing is sent twice or lost: every event's `seq` is its id; webhooks'
 * cursor stands before the first event not fanned out (after the last event if there is none);
 * e-mail's after the last event it tried, and the events at or before it that wait for another
 * try (or were never tried) go to `mail_retries` with their attempts and time.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('outbox_cursors')
    .addColumn('consumer', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_retries')
    .addColumn('event_id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('retry_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('outbox_events').addColumn('seq', 'integer').execute();
  await sql`update outbox_events set seq = id`.execute(db);
  await db.schema.createIndex('outbox_events_seq_idx').on('outbox_events').column('seq').unique().execute();
  await sql`create index outbox_events_unsequenced_idx on outbox_events (id) where seq is null`.execute(db);

  const now = new Date().toISOString();
  await sql`
    insert into outbox_cursors (consumer, last_seq, updated_at)
    select 'webhooks', coalesce((select min(id) - 1 from outbox_events where dispatched = 0),
                                (select max(id) from outbox_events), 0), ${now}`.execute(db);
  await sql`
    insert into outbox_cursors (consumer, last_seq, updated_at)
    select 'mail', coalesce((select max(id) from outbox_events
                             where type in ${sql.raw(MAILED)} and (mailed <> 0 or mail_attempts > 0)), 0), ${now}`.execute(
    db,
  );
  await sql`
    insert into mail_retries (event_id, company_id, type, data, attempts, retry_at)
    select id, company_id, type, data, mail_attempts, coalesce(mail_after, created_at) from outbox_events
    where type in ${sql.raw(MAILED)} and mailed = 0
      and id <= (select last_seq from outbox_cursors where consumer = 'mail')`.execute(db);

  await db.schema.dropIndex('outbox_events_mail_idx').execute();
  await db.schema.dropIndex('outbox_events_pending_idx').execute();
  for (const column of ['dispatched', 'mailed', 'mail_attempts', 'mail_after'])
    await db.schema.alterTable('outbox_events').dropColumn(column).execute();
}

/** The columns again, set from the cursors and e-mail's retries (a given-up e-mail reads as sent). */
export async function down(db: AnyDb): Promise<void> {
  for (const [column, fallback] of [
    ['dispatched', 0],
    ['mailed', 0],
    ['mail_attempts', 0],
  ] as const)
    await db.schema
      .alterTable('outbox_events')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback))
      .execute();
  await db.schema.alterTable('outbox_events').addColumn('mail_after', 'text').execute();
  const cursor = (consumer: string) =>
    sql`coalesce((select last_seq from outbox_cursors where consumer = ${consumer}), 0)`;
  await sql`update outbox_events set dispatched = 1 where seq <= ${cursor('webhooks')}`.execute(db);
  await sql`
    update outbox_events set mailed = 1
    where type in ${sql.raw(MAILED)} and seq <= ${cursor('mail')}
      and id not in (select event_id from mail_retries)`.execute(db);
  await sql`
    update outbox_events
    set mail_attempts = (select attempts from mail_retries where event_id = outbox_events.id),
        mail_after = (select retry_at from mail_retries where event_id = outbox_events.id)
    where id in (select event_id from mail_retries)`.execute(db);
  await db.schema
    .createIndex('outbox_events_mail_idx')
    .on('outbox_events')
    .columns(['mailed', 'id'])
    .execute();
  await db.schema
    .createIndex('outbox_events_pending_idx')
    .on('outbox_events')
    .columns(['dispatched', 'id'])
    .execute();

  await db.schema.dropIndex('outbox_events_unsequenced_idx').execute();
  await db.schema.dropIndex('outbox_events_seq_idx').execute();
  await db.schema.alterTable('outbox_events').dropColumn('seq').execute();
  await db.schema.dropTable('mail_retries').execute();
  await db.schema.dropTable('outbox_cursors').execute();
}
