import os from 'node:os';
import { sql } from 'kysely';
import type { ThrowawayDb } from './throwaway-db';

/** One line for the database and one for the machine, printed above every benchmark's figures. */
export async function describeSetup({ engine, db, where }: ThrowawayDb): Promise<string[]> {
  const version =
    engine === 'sqlite'
      ? `SQLite ${(await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]?.v}`
      : `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]?.v}`;
  const cpus = os.cpus();
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(0)} GB`;
  // Other work on the machine shows as noise in the tails (p99) long before it moves the medians.
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return [
    `database: ${version} (${where})`,
    `machine:  ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memory}, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${load}`,
  ];
}
