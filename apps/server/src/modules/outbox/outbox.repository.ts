import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';

/** The outbox's rows: events, the order consumers read them in, and each consumer's cursor. */
export const createOutboxRepository = (db: Db) => ({
  insert: async (
    event: { company_id: number; type: string; data: string; created_at: string },
    trx: Executor = db,
  ) => (await trx.insertInto('outbox_events').values(event).returning('id').executeTakeFirstOrThrow()).id,

  /** Whether some visible event has no place in the order yet. */
  hasUnsequenced: async (trx: Executor = db) =>
    (await trx
      .selectFrom('outbox_events')
      .select('id')
      .where('seq', 'is', null)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  /** PostgreSQL: one sequencer at a time, until its transaction ends (the key is the table's own oid). */
  lockSequencer: async (trx: Executor) => {
    await sql`select pg_advisory_xact_lock('outbox_events'::regclass::oid::bigint)`.execute(trx);
  },

  /**
   * Gives the visible events without a place the next places after the last one given, in id
   * order, in one statement (its snapshot reads the last place and the events alike).
   */
  sequence: (limit: number, trx: Executor) =>
    sql`
      update outbox_events set seq = numbered.seq
      from (select id, (select coalesce(max(seq), 0) from outbox_events) + row_number() over (order by id) as seq
            from outbox_events where seq is null order by id limit ${limit}) as numbered
      where outbox_events.id = numbered.id`.execute(trx),

  /** Makes the consumer's cursor if it has none: a new consumer starts before every event kept. */
  ensureCursor: (consumer: string, now: string, trx: Executor = db) =>
    trx
      .insertInto('outbox_cursors')
      .values({ consumer, last_seq: 0, updated_at: now })
      .onConflict((oc) => oc.column('consumer').doNothing())
      .execute(),

  /**
   * The consumer's cursor; on PostgreSQL locked for this transaction, and undefined while another
   * transaction holds it (another instance is reading).
   */
  cursor: async (consumer: string, trx: Executor, postgres: boolean) => {
    const query = trx.selectFrom('outbox_cursors').select('last_seq').where('consumer', '=', consumer);
    return (await (postgres ? query.forUpdate().skipLocked() : query).executeTakeFirst())?.last_seq;
  },

  /** Events placed after `after`, in order. */
  after: (after: number, limit: number, trx: Executor) =>
    trx
      .selectFrom('outbox_events')
      .select(['id', 'seq', 'company_id', 'type', 'data', 'created_at'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .$narrowType<{ seq: number }>()
      .execute(),

  /** Moves the cursor forward to `seq` (never back). */
  advance: (consumer: string, seq: number, now: string, trx: Executor) =>
    trx
      .updateTable('outbox_cursors')
      .set({ last_seq: seq, updated_at: now })
      .where('consumer', '=', consumer)
      .where('last_seq', '<', seq)
      .execute(),

  cursors: (consumers: readonly string[], trx: Executor = db) =>
    consumers.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('outbox_cursors')
          .select(['consumer', 'last_seq'])
          .where('consumer', 'in', consumers)
          .execute(),

  /**
   * When the oldest event some consumer has not passed was written (undefined: none waits): one
   * not placed yet, or placed after the slowest cursor (the metrics' outbox lag).
   */
  oldestWaiting: async (trx: Executor = db): Promise<string | undefined> => {
    const slowest = trx.selectFrom('outbox_cursors').select((eb) => eb.fn.min('last_seq').as('seq'));
    const row = await trx
      .selectFrom('outbox_events')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where((eb) => eb.or([eb('seq', 'is', null), eb('seq', '>', eb.fn.coalesce(slowest, eb.val(0)))]))
      .executeTakeFirst();
    return row?.at ?? undefined;
  },

  /** Events placed at or before `through` and written before `before`: gone. */
  prune: async (through: number, before: string, trx: Executor = db) =>
    Number(
      (
        await trx
          .deleteFrom('outbox_events')
          .where('seq', '<=', through)
          .where('created_at', '<', before)
          .executeTakeFirst()
      ).numDeletedRows,
    ),
});
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
