import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/database';
import { createTransactor } from '../../src/lib/transaction';
import { createOutboxRepository } from '../../src/modules/outbox/outbox.repository';
import { createOutboxService } from '../../src/modules/outbox/outbox.service';
import { buildTestApp, engine, type TestApp } from '../helper';

/**
 * The outbox: consumers are names with a cursor each, reading the events after it in
 * order and moving it in their own transaction; pruning drops what every registered consumer has
 * passed and the week has aged; a third consumer adds no columns. The app's own outbox has
 * webhooks registered (no SMTP_URL here, so no e-mail); the first tests use an outbox of their own
 * over the same tables, with consumers no timer moves.
 */
let t: TestApp;
const WEEK_AND_A_DAY_AGO = () => new Date(Date.now() - 8 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const outboxOf = () =>
  createOutboxService({
    repository: createOutboxRepository(t.db),
    transaction: createTransactor(t.db),
    postgres: engine === 'postgres',
  });

/** Events as the triggers write them (the table's own columns only), oldest id first. */
async function write(count: number, { createdAt = new Date().toISOString(), trx = t.db as Executor } = {}) {
  const rows = await trx
    .insertInto('outbox_events')
    .values(
      Array.from({ length: count }, (_, i) => ({
        company_id: t.companyId,
        type: 'package.ready',
        data: JSON.stringify({ n: i }),
        created_at: createdAt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Ticks (as the app's own timer does meanwhile) until webhooks' cursor has passed the events `of`. */
async function passedByWebhooks(of: number[], tick: () => Promise<void>) {
  const deadline = Date.now() + 8000;
  const passed = async () => {
    const cursor = await t.db
      .selectFrom('outbox_cursors')
      .select('last_seq')
      .where('consumer', '=', 'webhooks')
      .executeTakeFirst();
    const events = await t.db.selectFrom('outbox_events').select('seq').where('id', 'in', of).execute();
    return (
      cursor !== undefined &&
      events.length === of.length &&
      events.every((event) => event.seq !== null && event.seq <= cursor.last_seq)
    );
  };
  while (!(await passed()) && Date.now() < deadline) await tick();
  expect(await passed()).toBe(true);
}

const ids = (events: { id: number }[] | undefined) => events?.map((event) => event.id);
const left = async (of: number[]) =>
  (await t.db.selectFrom('outbox_events').select('id').where('id', 'in', of).orderBy('id').execute()).map(
    (row) => row.id,
  );

describe(`the outbox (${engine})`, () => {
  it('keeps a cursor per consumer: each reads what is after its own, in order, and moves it in its own transaction', async () => {
    const outbox = outboxOf();
    const first = outbox.consumer('first');
    const second = outbox.consumer('second');
    const written = await write(3);

    const read = await first.next(10, t.db);
    expect(ids(read)).toEqual(written);
    expect(read!.map((event) => event.seq)).toEqual(
      [...read!.map((event) => event.seq)].sort((a, b) => a - b),
    );

    // Moved in a transaction that rolls back: not moved.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await first.advance(read![1]!.seq, trx);
        throw new Error('the work failed');
      })
      .catch(() => {});
    expect(ids(await first.next(10, t.db))).toEqual(written);

    await t.db.transaction().execute((trx) => first.advance(read![1]!.seq, trx));
    expect(ids(await first.next(10, t.db))).toEqual([written[2]]);
    // Never back.
    await first.advance(read![0]!.seq, t.db);
    expect(ids(await first.next(10, t.db))).toEqual([written[2]]);
    // The other consumer's cursor did not move.
    expect(ids(await second.next(10, t.db))).toEqual(written);
    expect(ids(await second.next(2, t.db))).toEqual(written.slice(0, 2));
  });

  it('prunes only what every registered consumer has passed, and only after the week', async () => {
    const outbox = outboxOf();
    const [ahead, behind] = [outbox.consumer('ahead'), outbox.consumer('behind')];
    // Whatever the tests before wrote: both consumers pass it.
    for (const consumer of [ahead, behind]) {
      const before = (await consumer.next(1000, t.db)) ?? [];
      if (before.length > 0) await consumer.advance(before.at(-1)!.seq, t.db);
    }
    const old = await write(3, { createdAt: WEEK_AND_A_DAY_AGO() });
    const recent = await write(1);
    const all = [...old, ...recent];

    const read = (await ahead.next(10, t.db))!;
    expect(ids(read)).toEqual(all);
    await ahead.advance(read.at(-1)!.seq, t.db);
    await behind.advance(read[0]!.seq, t.db);
    await outbox.prune();
    expect(await left(all)).toEqual(all.slice(1));

    await behind.advance(read.at(-1)!.seq, t.db);
    await outbox.prune();
    // Passed by both, but the recent one is kept for the week.
    expect(await left(all)).toEqual(recent);

    // An event no consumer has read yet is never dropped, however old.
    const unread = await write(1, { createdAt: WEEK_AND_A_DAY_AGO() });
    await outbox.prune();
    expect(await left(unread)).toEqual(unread);
  });

  it('takes a third consumer as a name: no columns, every kept event from the start, pruning waits for it', async () => {
    const { outbox, webhookDispatch } = t.app.services;
    // Without SMTP_URL e-mail does not read, so it is not registered and holds nothing back.
    expect(outbox.consumers()).toEqual(['webhooks']);
    const columns = async () => {
      const { rows } = await sql<Record<string, unknown>>`select * from outbox_events`.execute(t.db);
      return Object.keys(rows[0]!).sort();
    };
    const before = await columns();
    expect(before).toEqual(['company_id', 'created_at', 'data', 'id', 'seq', 'type']);

    const audit = outbox.consumer('audit');
    expect(() => outbox.consumer('audit')).toThrow(/registered twice/);
    expect(outbox.consumers()).toEqual(['webhooks', 'audit']);
    const old = await write(2, { createdAt: WEEK_AND_A_DAY_AGO() });
    await passedByWebhooks(old, () => webhookDispatch.tick());
    // Webhooks have passed them; the third consumer has not read at all.
    await outbox.prune();
    expect(await left(old)).toEqual(old);

    const read = (await audit.next(1000, t.db))!;
    expect(ids(read)).toEqual(expect.arrayContaining(old));
    // It reads every kept event, those written before it was registered too.
    expect(read[0]!.seq).toBeLessThan(read.find((event) => event.id === old[0])!.seq);
    await audit.advance(read.at(-1)!.seq, t.db);
    await outbox.prune();
    expect(await left(old)).toEqual([]);

    const cursors = await t.db.selectFrom('outbox_cursors').select('consumer').execute();
    expect(cursors.map((row) => row.consumer)).toEqual(expect.arrayContaining(['webhooks', 'audit']));
    expect(await columns()).toEqual(before);
  });

  it.runIf(engine === 'postgres')(
    'places an event whose transaction commits late after those already read, instead of skipping it',
    async () => {
      const consumer = outboxOf().consumer('late');
      const passed = (await consumer.next(1000, t.db)) ?? [];
      if (passed.length > 0) await consumer.advance(passed.at(-1)!.seq, t.db);

      let commit!: () => void;
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let early: number | undefined;
      let written!: () => void;
      const isWritten = new Promise<void>((resolve) => {
        written = resolve;
      });
      const late = t.db.transaction().execute(async (trx) => {
        [early] = await write(1, { trx });
        written();
        await held;
      });
      await isWritten;
      const [later] = await write(1);
      expect(early!).toBeLessThan(later!);

      const seen = (await consumer.next(10, t.db))!;
      expect(ids(seen)).toEqual([later]);
      await consumer.advance(seen[0]!.seq, t.db);
      commit();
      await late;
      // The lower id, visible now, comes after the cursor: read, not lost.
      const then = (await consumer.next(10, t.db))!;
      expect(ids(then)).toEqual([early]);
      expect(then[0]!.seq).toBeGreaterThan(seen[0]!.seq);
    },
  );

  it.runIf(engine === 'postgres')(
    'lets one instance read a consumer at a time: another skips while the cursor is held',
    async () => {
      const outbox = outboxOf();
      const consumer = outbox.consumer('shared');
      await write(1);
      await t.db.transaction().execute(async (trx) => {
        expect((await consumer.next(10, trx))?.length).toBeGreaterThan(0);
        // Another connection, as another instance would be.
        expect(await consumer.next(10, t.db)).toBeUndefined();
      });
      expect((await consumer.next(10, t.db))?.length).toBeGreaterThan(0);
    },
  );
});
