import { sql } from 'kysely';
import { type AnyDb, companyTable, createIndex, fk, isPostgres, tableWithId } from './helpers';

/** The events and the row changes that make them: table, the condition on old/new, the type and data. */
const EVENTS: { table: string; when: string; type: string; data: [string, string][] }[] = [
  ...['campaign', 'creative'].map((noun) => ({
    table: `${noun}s`,
    when: 'old.status <> new.status',
    type: `'${noun}.status_changed'`,
    data: [
      ['id', 'new.id'],
      ['name', 'new.name'],
      ['status', 'new.status'],
      ['previous_status', 'old.status'],
      ...(noun === 'creative' ? ([['campaign_id', 'new.campaign_id']] as [string, string][]) : []),
    ] as [string, string][],
  })),
  {
    table: 'approvals',
    when: "old.status <> new.status and new.status in ('approved', 'rejected')",
    type: "'approval.decided'",
    data: [
      ['id', 'new.id'],
      ['campaign_id', 'new.campaign_id'],
      ['creative_id', 'new.creative_id'],
      ['media_entity_id', 'new.media_entity_id'],
      ['status', 'new.status'],
      ['comment', 'new.comment'],
    ],
  },
  {
    table: 'profiles',
    when: "old.status <> new.status and new.status in ('synced', 'failed', 'needs_confirmation')",
    type: "case new.status when 'synced' then 'profile.sync_finished' when 'failed' then 'profile.sync_failed' else 'profile.needs_confirmation' end",
    data: [
      ['id', 'new.id'],
      ['name', 'new.name'],
      ['status', 'new.status'],
    ],
  },
  {
    table: 'packages',
    when: "old.processing <> new.processing and new.processing = 'ready'",
    type: "'package.ready'",
    data: [
      ['id', 'new.id'],
      ['creative_id', 'new.creative_id'],
      ['version', 'new.version'],
      ['status', 'new.status'],
    ],
  },
];

/**
 * Webhooks (docs/design.md §12). Events are written to `outbox_events` by
 * triggers in the transaction of the change that causes them — a rolled-back change leaves none,
 * and no writer (a bulk action, a job, psql) can forget one — and only for companies with an active
 * webhook (or, for what e-mail tells a person of, always). A dispatcher fans each event out to the webhooks subscribed to it (`webhook_deliveries`,
 * one row per event and webhook, with the body as first sent) and the job queue delivers them.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await companyTable(db, 'webhooks')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failing_since', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'webhooks_company_idx', 'webhooks', ['company_id', 'id']);
  await tableWithId(db, 'outbox_events')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dispatched', 'integer', (c) => c.notNull().defaultTo(0))
    // E-mail's side (approval decisions, failed and unconfirmed syncs): 0 to send, 1 sent, 2 given up.
    .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_after', 'text')
    .execute();
  await createIndex(db, 'outbox_events_mail_idx', 'outbox_events', ['mailed', 'id']);
  await createIndex(db, 'outbox_events_pending_idx', 'outbox_events', ['dispatched', 'id']);
  await tableWithId(db, 'webhook_deliveries')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('webhook_id', 'integer', fk('webhooks'))
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await createIndex(db, 'webhook_deliveries_webhook_idx', 'webhook_deliveries', ['webhook_id', 'id']);
  await createIndex(db, 'webhook_deliveries_due_idx', 'webhook_deliveries', ['status', 'next_attempt_at']);

  for (const event of EVENTS) {
    const data = postgres
      ? `json_build_object(${event.data.map(([k, v]) => `'${k}', ${v}`).join(', ')})::text`
      : `json_object(${event.data.map(([k, v]) => `'${k}', ${v}`).join(', ')})`;
    const now = postgres
      ? `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    // Events that e-mail tells a person of are kept whether or not a webhook listens.
    const mailed = event.table === 'approvals' || event.table === 'profiles';
    const insert = `insert into outbox_events (company_id, type, data, created_at)
      select new.company_id, ${event.type}, ${data}, ${now}
      where ${mailed ? `${event.type} <> 'profile.sync_finished' or ` : ''}exists (
        select 1 from webhooks where webhooks.company_id = new.company_id and webhooks.active = 1)`;
    const name = `${event.table}_outbox`;
    if (postgres) {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
           begin ${insert}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name} after update on ${event.table}
           for each row when (${event.when}) execute function ${name}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${name} after update on ${event.table} when ${event.when} begin ${insert}; end`)
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const event of EVENTS) {
    const name = `${event.table}_outbox`;
    if (postgres) await sql.raw(`drop function ${name}() cascade`).execute(db);
    else await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('outbox_events').execute();
  await db.schema.dropTable('webhooks').execute();
}
