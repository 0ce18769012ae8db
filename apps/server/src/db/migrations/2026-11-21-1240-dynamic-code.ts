import { type AnyDb, addColumns, dropColumns } from './helpers';

const DYNAMIC_CODES_COLUMNS = [
  ['profile_id', 'integer'],
  ['columns', 'text', '[]'],
  ['generated_at', 'text'],
] as const;

/**
 * Dynamic code remembers what it was generated from: the profile and its columns (JSON list), so
 * it can say it is stale once the profile's columns change (docs/design.md §5).
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'dynamic_codes', DYNAMIC_CODES_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  await dropColumns(db, 'dynamic_codes', DYNAMIC_CODES_COLUMNS);
}
