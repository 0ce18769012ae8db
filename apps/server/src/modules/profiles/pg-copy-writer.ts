import { finished } from 'node:stream/promises';
import { CompiledQuery } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/database';
import type { StagingWriter } from './staged-rows';

/** Bytes first set aside for a batch of COPY lines; a batch of the 20-column bench feed takes about 0.6 MB. */
const COPY_BATCH_BYTES = 1 << 20;

/**
 * COPY in PostgreSQL's text format, one COPY per batch: the rows travel as the lines PostgreSQL
 * reads, with no parameters to serialise (the arrays an `unnest` insert took cost the server more
 * to parse and the client more to escape). Each COPY runs on a connection of its own from the pool,
 * held until the COPY ends, so no other query waits behind it; inside a caller's transaction it
 * runs on that transaction's connection, whose queries pg queues behind the COPY. The batch is
 * written whole before anything is awaited, so nothing the sync does meanwhile can wait on it.
 *
 * `target` is the table and its columns; `prefix` the constant columns that lead each line, then
 * come the staged columns in their order (staged-rows.ts) after `sync_id`.
 */
export function pgCopyWriter(db: Executor, target: string, prefix: string): StagingWriter {
  const statement = `copy ${target} from stdin`;
  // Each row's line is written into the batch's bytes at once: a batch kept as one growing string
  // would be a rope of 10,000 pieces, flattened and encoded again when sent.
  let bytes = Buffer.allocUnsafe(COPY_BATCH_BYTES);
  let used = 0;
  let size = 0;
  return {
    get size() {
      return size;
    },
    push(position, rule) {
      const line =
        `${prefix}${position}\t${copyText(rule.unique_id)}\t${copyText(rule.reporting_label)}\t` +
        `${rule.is_default ? 1 : 0}\t${rule.active ? 1 : 0}\t${copyNullable(rule.start)}\t` +
        `${copyNullable(rule.end)}\t${copyJson(JSON.stringify(rule.condition_ids))}\t` +
        `${copyJson(JSON.stringify(rule.data))}\n`;
      // A UTF-16 code unit takes at most 3 bytes in UTF-8.
      if (used + line.length * 3 > bytes.length) {
        const larger = Buffer.allocUnsafe(Math.max(bytes.length * 2, used + line.length * 3));
        bytes.copy(larger, 0, 0, used);
        bytes = larger;
      }
      used += bytes.write(line, used);
      size++;
    },
    write() {
      const rows = bytes.subarray(0, used);
      [bytes, used, size] = [Buffer.allocUnsafe(COPY_BATCH_BYTES), 0, 0];
      return db.isTransaction
        ? copyIn(db, statement, rows)
        : db.connection().execute((connection) => copyIn(connection, statement, rows));
    },
  };
}

async function copyIn(connection: Executor, statement: string, rows: Buffer) {
  const stream = copyFrom(statement);
  const done = finished(stream);
  // Settled below; should the statement never start, its failure must not go unhandled.
  done.catch(() => {});
  // Kysely hands a query's text to pg's client.query, which takes a stream like this one in its
  // place: Kysely has no other way to a pooled client, and this keeps the client Kysely holds.
  // pg-copy-streams: node-postgres runs a stream given as the query text; Kysely types it as text.
  await connection.executeQuery({ ...CompiledQuery.raw(''), sql: stream as unknown as string });
  stream.end(rows);
  await done;
}

/** COPY's text format reads a backslash as an escape and a tab or line break as the row's end. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
export const copyText = (value: string) =>
  COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c] ?? c) : value;
const copyNullable = (value: string | null) => (value === null ? '\\N' : copyText(value));
/** JSON text holds no raw tab or line break (JSON.stringify escapes them), only backslashes. */
const copyJson = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);
