import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { DB } from '../db/schema';

/** The database or an open transaction: what a repository method runs its query on. */
export type Executor = Kysely<DB>;

/** Runs `work` in one transaction; services take this instead of the database itself. */
export type Transactor = <T>(work: (trx: Executor) => Promise<T>) => Promise<T>;

export const createTransactor =
  (db: Db): Transactor =>
  (work) =>
    db.transaction().execute(work);
