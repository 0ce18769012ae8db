import { CompiledQuery } from 'kysely';
import type { Executor } from '../../db/database';
import { STAGED_COLUMNS, type StagingWriter } from './staged-rows';

/**
 * Staged rows written by multi-row inserts (SQLite), as SQL text rather than the query builder,
 * which cost more than the write at this size. One statement's text per batch size, kept.
 */
export function sqliteRowsWriter(db: Executor, syncId: number, table: string): StagingWriter {
  const texts = new Map<number, string>();
  const textFor = (size: number) => {
    let text = texts.get(size);
    if (!text) {
      const row = `(${syncId}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
      text = `insert into ${table} (${STAGED_COLUMNS}) values ${Array(size).fill(row).join(', ')}`;
      texts.set(size, text);
    }
    return text;
  };
  let params: unknown[] = [];
  let size = 0;
  return {
    get size() {
      return size;
    },
    push(position, rule) {
      params.push(
        position,
        rule.unique_id,
        rule.reporting_label,
        rule.is_default ? 1 : 0,
        rule.active ? 1 : 0,
        rule.start,
        rule.end,
        JSON.stringify(rule.condition_ids),
        JSON.stringify(rule.data),
      );
      size++;
    },
    async write() {
      const [text, batch] = [textFor(size), params];
      [params, size] = [[], 0];
      await db.executeQuery(CompiledQuery.raw(text, batch));
    },
  };
}
