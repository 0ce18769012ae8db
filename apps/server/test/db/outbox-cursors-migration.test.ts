import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateTo, schemaOf } from '../../src/db/migrate';
import { createTransactor } from '../../src/lib/transaction';
import { createOutboxRepository } from '../../src/modules/outbox/outbox.repository';
import { createOutboxService } from '../../src/modules/outbox/outbox.service';
import { createCompaniesRepository } from '../../src/modules/users/users.repository';
import { createTestDb, engine } from '../helper';

/** The migration before the one that gives the outbox its cursors. */
const BEFORE = '2026-12-02-1000-tag-ad-servers';
/** This one, migrated to rather than to the latest: later migrations are not its test's business. */
const CURSORS = '2026-12-06-1400-outbox-cursors';
const CREATED_AT = '2026-12-05T10:00:00.000Z';
const RETRY_AT = '2026-12-06T10:30:00.000Z';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

/**
 * The outbox as it was: each event with webhooks' flag and e-mail's state (0 to send, 1 sent,
 * 2 given up; its tries and next try). Webhooks fanned out the first five; e-mail sent the second
 * and fifth, gave up the fourth, waits to try the third again, and never tried the seventh.
 */
const EVENTS: [type: string, dispatched: number, mailed: number, attempts: number, after: string | null][] = [
  ['campaign.status_changed', 1, 0, 0, null],
  ['approval.decided', 1, 1, 1, null],
  ['profile.sync_failed', 1, 0, 2, RETRY_AT],
  ['approval.decided', 1, 2, 5, null],
  ['profile.needs_confirmation', 1, 1, 1, null],
  ['campaign.status_changed', 0, 0, 0, null],
  ['approval.decided', 0, 0, 0, null],
];

async function oldOutbox(db: Db) {
  const companyId = (await createCompaniesRepository(db).insert('Acme')).id;
  const ids: number[] = [];
  for (const [type, dispatched, mailed, attempts, after] of EVENTS) {
    const { rows } = await sql<{ id: number }>`
      insert into outbox_events (company_id, type, data, created_at, dispatched, mailed, mail_attempts, mail_after)
      values (${companyId}, ${type}, ${JSON.stringify({ id: ids.length + 1 })}, ${CREATED_AT},
              ${dispatched}, ${mailed}, ${attempts}, ${after})
      returning id`.execute(db);
    ids.push(rows[0]!.id);
  }
  return { companyId, ids };
}

const columnsOf = async (db: Db) => {
  const { rows } = await sql<Record<string, unknown>>`select * from outbox_events`.execute(db);
  return Object.keys(rows[0]!).sort();
};

describe('migration 2026-12-06-1400-outbox-cursors', () => {
  it('carries webhooks’ and e-mail’s state into their cursors and e-mail’s retries: nothing again, nothing lost', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const { companyId, ids } = await oldOutbox(db);

    expect(await migrateTo(db, CURSORS, schemaOf(database))).toEqual([CURSORS]);
    expect(await columnsOf(db)).toEqual(['company_id', 'created_at', 'data', 'id', 'seq', 'type']);
    const events = await db.selectFrom('outbox_events').select(['id', 'seq']).orderBy('id').execute();
    expect(events.map((event) => event.seq)).toEqual(ids);
    const cursors = await db
      .selectFrom('outbox_cursors')
      .select(['consumer', 'last_seq'])
      .orderBy('consumer')
      .execute();
    expect(cursors).toEqual([
      { consumer: 'mail', last_seq: ids[4] },
      { consumer: 'webhooks', last_seq: ids[4] },
    ]);
    expect(await db.selectFrom('mail_retries').selectAll().execute()).toEqual([
      {
        event_id: ids[2],
        company_id: companyId,
        type: 'profile.sync_failed',
        data: JSON.stringify({ id: 3 }),
        attempts: 2,
        retry_at: RETRY_AT,
      },
    ]);

    // Read through the outbox, each consumer finds what it had not done, and only that.
    const outbox = createOutboxService({
      repository: createOutboxRepository(db),
      transaction: createTransactor(db),
      postgres: engine === 'postgres',
    });
    for (const name of ['webhooks', 'mail'])
      expect((await outbox.consumer(name).next(100, db))?.map((event) => event.id)).toEqual(ids.slice(5));
  });

  it('goes down to the columns as they were, and up again', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const { ids } = await oldOutbox(db);
    const schema = schemaOf(database);
    await migrateTo(db, CURSORS, schema);
    expect(await migrateTo(db, BEFORE, schema)).toEqual([CURSORS]);
    const { rows } = await sql<{
      dispatched: number;
      mailed: number;
      mail_attempts: number;
      mail_after: string | null;
    }>`select dispatched, mailed, mail_attempts, mail_after from outbox_events order by id`.execute(db);
    // As before, but the given-up e-mail (the fourth) reads as sent: neither is tried again.
    expect(rows.map((row) => [row.dispatched, row.mailed])).toEqual(
      EVENTS.map(([, dispatched, mailed]) => [dispatched, mailed === 2 ? 1 : mailed]),
    );
    expect(rows[2]).toMatchObject({ mail_attempts: 2, mail_after: RETRY_AT });
    for (const table of ['outbox_cursors', 'mail_retries'])
      await expect(sql`select 1 from ${sql.table(table)}`.execute(db)).rejects.toThrow();

    await migrateTo(db, CURSORS, schema);
    const cursors = await db
      .selectFrom('outbox_cursors')
      .select(['consumer', 'last_seq'])
      .orderBy('consumer')
      .execute();
    expect(cursors.map((cursor) => cursor.last_seq)).toEqual([ids[4], ids[4]]);
    expect(await db.selectFrom('mail_retries').select('event_id').execute()).toEqual([{ event_id: ids[2] }]);
  });
});
