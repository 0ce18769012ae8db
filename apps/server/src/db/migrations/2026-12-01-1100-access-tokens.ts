import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * Personal access tokens (the integrations issue; Laravel Sanctum's `personal_access_tokens`): a
 * user's named bearer credentials, the secret stored as its SHA-256 only, with abilities, an expiry
 * and when last used. Revoking deletes the row, as Sanctum does. The audit log names the token a
 * write was made with (its id and name, kept when the token goes).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('abilities', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_user_idx')
    .on('personal_access_tokens')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_company_idx')
    .on('personal_access_tokens')
    .columns(['company_id', 'id'])
    .execute();
  await db.schema.alterTable('audit_log').addColumn('token_id', 'integer').execute();
  await db.schema.alterTable('audit_log').addColumn('token_name', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('token_name').execute();
  await db.schema.alterTable('audit_log').dropColumn('token_id').execute();
  await db.schema.dropTable('personal_access_tokens').execute();
}
