import type { Kysely } from 'kysely';

/**
 * Runs `work` in one transaction; services take this instead of the database itself. Generic over the
 * schema so `lib/` stays below `db/` (db/database.ts names the app's own `Transactor`).
 */
export type TransactorOf<DB> = <T>(work: (trx: Kysely<DB>) => Promise<T>) => Promise<T>;

export const createTransactor =
  <DB>(db: Kysely<DB>): TransactorOf<DB> =>
  (work) =>
    db.transaction().execute(work);
