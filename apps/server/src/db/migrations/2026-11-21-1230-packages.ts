import { type AnyDb, addColumns, dropColumns } from './helpers';

const PACKAGES_COLUMNS = [
  ['processing', 'text', 'queued'],
  ['processing_error', 'text'],
  ['entry_file', 'text'],
  ['file_count', 'integer'],
  ['unpacked_size', 'bigint'],
  ['findings', 'text', '[]'],
] as const;

/**
 * What unpacking a producer package found (docs/design.md §5): its entry file, file count, unpacked
 * size and findings, and how far the unpack job is (`processing`), so any instance can show it.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'packages', PACKAGES_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  await dropColumns(db, 'packages', PACKAGES_COLUMNS);
}
