import type { Executor, Transactor } from '../../db/database';
import { nowIso } from '../../lib/time';
import type { OutboxRepository } from './outbox.repository';

/** Events are kept this long after they are written, and until every consumer has passed them. */
export const EVENTS_KEPT_MS = 7 * 24 * 3600 * 1000;
/** Events given their place per statement, at most (a consumer reads fewer per transaction). */
const SEQUENCED_PER_RUN = 1000;

/** An event as consumers read it: `seq` is its place in the order, `id` what receivers know it by. */
export interface OutboxEvent {
  id: number;
  seq: number;
  company_id: number;
  type: string;
  data: string; // JSON
  created_at: string;
}

/** One consumer's view of the outbox: the events after its cursor, and moving the cursor. */
export interface OutboxConsumer {
  readonly name: string;
  /**
   * The events after this consumer's cursor, oldest first, at most `limit`. Call it first in the
   * transaction that does the consumer's work: on PostgreSQL it locks the cursor there, and answers
   * undefined while another transaction (another instance) holds it.
   */
  next(limit: number, trx: Executor): Promise<OutboxEvent[] | undefined>;
  /** Moves the cursor past the event placed at `seq` (never back), in the consumer's transaction. */
  advance(seq: number, trx: Executor): Promise<void>;
}

interface Deps {
  repository: OutboxRepository;
  transaction: Transactor;
  postgres: boolean;
  keptMs?: number;
}

/**
 * The outbox (docs/design.md §12): triggers write events in the transaction of their
 * change; consumers are names, each with a cursor, reading the events after it in order and moving
 * it in the transaction of their own work; events go once every consumer has passed them and they
 * are older than the retention. A consumer's own state (deliveries, retries) is its own table.
 *
 * The order is the order in which events became visible, not their ids: on PostgreSQL an event's
 * id is taken when it is written and it is seen when its transaction commits, so a cursor moved
 * past id 11 would miss id 10 committed a moment later. Reading gives each visible event without
 * one the next place (`seq`), one sequencer at a time in a transaction of its own; an event that
 * commits late is placed late, never skipped. On SQLite writers take turns, so places follow ids.
 */
export function createOutboxService({ repository, transaction, postgres, keptMs = EVENTS_KEPT_MS }: Deps) {
  const registered = new Set<string>();

  /** Places the events that became visible since the last run. */
  async function sequence(trx: Executor): Promise<void> {
    if (!(await repository.hasUnsequenced(trx))) return;
    // PostgreSQL: committed on its own (consumers' transactions may be long, e-mail waits on SMTP),
    // on another connection; SQLite's one connection runs it in the caller's transaction, if any.
    if (postgres)
      await transaction(async (own) => {
        await repository.lockSequencer(own);
        await repository.sequence(SEQUENCED_PER_RUN, own);
      });
    else await repository.sequence(SEQUENCED_PER_RUN, trx);
  }

  return {
    /**
     * Registers a consumer by name (the composition root does, once per consumer): from now on
     * pruning waits for its cursor. A consumer that was never read starts before every event kept.
     */
    consumer(name: string): OutboxConsumer {
      if (registered.has(name)) throw new Error(`The outbox consumer "${name}" is registered twice.`);
      registered.add(name);
      /** PostgreSQL: whether this process has made sure the cursor's row exists. */
      let made = false;
      return {
        name,
        async next(limit, trx) {
          await sequence(trx);
          if (postgres && !made) {
            // Committed on its own: a row made in the caller's transaction would hold other
            // instances' first reads until that transaction ends.
            await repository.ensureCursor(name, nowIso());
            made = true;
          }
          let cursor = await repository.cursor(name, trx, postgres);
          if (cursor === undefined && !postgres) {
            await repository.ensureCursor(name, nowIso(), trx);
            cursor = await repository.cursor(name, trx, postgres);
          }
          return cursor === undefined ? undefined : repository.after(cursor, limit, trx);
        },
        async advance(seq, trx) {
          await repository.advance(name, seq, nowIso(), trx);
        },
      };
    },

    /**
     * Writes an event in the transaction of its change, where no trigger does (an invitation: its
     * e-mail goes if and only if the invitation commits); answers its id.
     */
    emit: (trx: Executor, event: { company_id: number; type: string; data: object }) =>
      repository.insert({ ...event, data: JSON.stringify(event.data), created_at: nowIso() }, trx),

    /** The registered consumers' names. */
    consumers: (): readonly string[] => [...registered],

    /**
     * Drops the events every registered consumer has passed and written longer ago than the
     * retention (a week). With no consumer registered nothing is dropped: nobody said they read it.
     */
    async prune(): Promise<number> {
      if (registered.size === 0) return 0;
      const cursors = new Map(
        (await repository.cursors([...registered])).map((row) => [row.consumer, row.last_seq]),
      );
      const through = Math.min(...[...registered].map((name) => cursors.get(name) ?? 0));
      return through > 0 ? repository.prune(through, new Date(Date.now() - keptMs).toISOString()) : 0;
    },
  };
}
export type Outbox = ReturnType<typeof createOutboxService>;
/** Writes an event in the caller's transaction and answers its id. */
export type OutboxEmit = Outbox['emit'];
