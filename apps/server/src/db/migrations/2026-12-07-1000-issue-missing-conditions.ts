import { type AnyDb, addColumns, createIndex, dropColumns, type NewColumn } from './helpers';

/**
 * A feed's error keeps the condition names that alone kept its row out (decision 0116): a JSON
 * array of lower-cased names, null on every other issue. The profile's count of rows a sync would
 * now take in reads only these issues, through the partial index.
 */
const COLUMNS: readonly NewColumn[] = [['missing_conditions', 'text']];

export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'profile_errors', COLUMNS);
  await createIndex(db, 'profile_errors_missing_conditions_idx', 'profile_errors', ['profile_id'], {
    where: ['missing_conditions', 'is not', null],
  });
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('profile_errors_missing_conditions_idx').execute();
  await dropColumns(db, 'profile_errors', COLUMNS);
}
