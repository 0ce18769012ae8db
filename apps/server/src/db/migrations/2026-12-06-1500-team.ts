import { type AnyDb, addColumns, createIndex, dropColumns, fk, type NewColumn, tableWithId } from './helpers';

/**
 * The team (docs/design.md §13): users an admin invites, deactivates and reactivates, their
 * one-time links (an invitation, a password reset: the token's SHA-256 only), two-factor sign-in
 * (the TOTP secret sealed with APP_KEY, the last time step accepted so no code is taken twice, ten
 * recovery codes hashed), a company's "two-factor required", and its single sign-on settings (the
 * client secret sealed). A user's `status` is `active`, `invited` (no password yet: its hash is
 * '', which no password matches) or `deactivated`; the users there are all active.
 */
const USER_COLUMNS: readonly NewColumn[] = [
  ['status', 'text', 'active'],
  ['invited_at', 'text'],
  ['deactivated_at', 'text'],
  ['last_sign_in_at', 'text'],
  ['two_factor_secret', 'text'],
  ['two_factor_confirmed_at', 'text'],
  ['two_factor_last_step', 'bigint'],
  ['sso_break_glass', 'integer', 0],
];
const COMPANY_COLUMNS: readonly NewColumn[] = [['require_two_factor', 'integer', 0]];

export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'users', USER_COLUMNS);
  await addColumns(db, 'companies', COMPANY_COLUMNS);

  await tableWithId(db, 'user_links')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'user_links_token_key', 'user_links', ['token_hash'], { unique: true });
  await createIndex(db, 'user_links_user_idx', 'user_links', ['user_id', 'purpose']);

  await tableWithId(db, 'user_recovery_codes')
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'user_recovery_codes_user_idx', 'user_recovery_codes', ['user_id']);

  await db.schema
    .createTable('company_sso')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('invited'))
    .addColumn('default_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The email domains whose users sign in with the company's SSO: one company per domain, which
  // is how the sign-in page finds it.
  await db.schema
    .createTable('company_sso_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', fk('companies'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('company_sso_domains').execute();
  await db.schema.dropTable('company_sso').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_links').execute();
  await dropColumns(db, 'companies', COMPANY_COLUMNS);
  await dropColumns(db, 'users', USER_COLUMNS);
}
