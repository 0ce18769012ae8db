import { type AnyDb, addColumns, companyTable, createIndex, dropColumns, fk } from './helpers';

const AUDIT_LOG_COLUMNS = [
  ['token_id', 'integer'],
  ['token_name', 'text'],
] as const;

/**
 * Personal access tokens (Laravel Sanctum's `personal_access_tokens`): a
 * user's named bearer credentials, the secret stored as its SHA-256 only, with abilities, an expiry
 * and when last used. Revoking deletes the row, as Sanctum does. The audit log names the token a
 * write was made with (its id and name, kept when the token goes).
 */
export async function up(db: AnyDb): Promise<void> {
  await companyTable(db, 'personal_access_tokens')
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('abilities', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'personal_access_tokens_user_idx', 'personal_access_tokens', ['user_id', 'id']);
  await createIndex(db, 'personal_access_tokens_company_idx', 'personal_access_tokens', ['company_id', 'id']);
  await addColumns(db, 'audit_log', AUDIT_LOG_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  await dropColumns(db, 'audit_log', AUDIT_LOG_COLUMNS);
  await db.schema.dropTable('personal_access_tokens').execute();
}
