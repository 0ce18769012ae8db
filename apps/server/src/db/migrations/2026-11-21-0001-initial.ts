import { sql } from 'kysely';
import { type AnyDb, companyTable, fk, type Table, tableWithId } from './helpers';

const timestamps = (t: Table) =>
  t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
const softDelete = (t: Table) => t.addColumn('deleted_at', 'text');

async function index(
  db: AnyDb,
  table: string,
  columns: string[],
  opts: { unique?: boolean; where?: string } = {},
) {
  let builder = db.schema.createIndex(`${table}_${columns.join('_').replace(/[^a-z_]/g, '')}_idx`).on(table);
  if (opts.unique) builder = builder.unique();
  builder = builder.columns(columns);
  if (opts.where) builder = builder.where(sql<boolean>`${sql.raw(opts.where)}`);
  await builder.execute();
}

/** An index on lower(name) for case-insensitive prefix search, scoped by company. */
async function nameSearchIndex(db: AnyDb, table: string) {
  await db.schema
    .createIndex(`${table}_company_lower_name_idx`)
    .on(table)
    .expression(sql`company_id, lower(name)`)
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await tableWithId(db, 'companies')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await timestamps(softDelete(companyTable(db, 'users')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await index(db, 'users', ['email'], { unique: true });
  await index(db, 'users', ['company_id']);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await index(db, 'sessions', ['user_id']);
  await index(db, 'sessions', ['expires_at']);

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();

  await timestamps(softDelete(companyTable(db, 'campaigns')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('ranges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('launch_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .execute();
  await nameSearchIndex(db, 'campaigns');
  await index(db, 'campaigns', ['company_id', 'name'], { unique: true, where: 'deleted_at is null' });
  await index(db, 'campaigns', ['company_id', 'status']);
  await index(db, 'campaigns', ['company_id', 'launch_date']);
  await index(db, 'campaigns', ['company_id', 'updated_at']);

  await timestamps(softDelete(companyTable(db, 'profile_templates')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await index(db, 'profile_templates', ['company_id', 'name']);

  await timestamps(softDelete(companyTable(db, 'profiles')))
    .addColumn('template_id', 'integer', fk('profile_templates', 'set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('gsheet_id', 'text')
    .addColumn('ranges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('synced_at', 'text')
    .execute();
  await nameSearchIndex(db, 'profiles');
  await index(db, 'profiles', ['company_id', 'status']);
  await index(db, 'profiles', ['company_id', 'updated_at']);

  await timestamps(softDelete(companyTable(db, 'creatives')))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('profile_id', 'integer', fk('profiles', 'set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('fallback_asset_id', 'integer')
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .execute();
  await nameSearchIndex(db, 'creatives');
  await index(db, 'creatives', ['campaign_id', 'status']);
  await index(db, 'creatives', ['company_id', 'status']);
  await index(db, 'creatives', ['company_id', 'updated_at']);
  await index(db, 'creatives', ['profile_id']);

  await timestamps(softDelete(companyTable(db, 'assets')))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('extension', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'assets', ['creative_id', 'deleted_at']);
  await index(db, 'assets', ['company_id', 'updated_at']);

  await timestamps(companyTable(db, 'packages'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .execute();
  await index(db, 'packages', ['creative_id', 'version'], { unique: true });

  await timestamps(companyTable(db, 'dynamic_codes'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('generated'))
    .execute();
  await index(db, 'dynamic_codes', ['creative_id'], { unique: true });

  await timestamps(companyTable(db, 'profile_rules'))
    .addColumn('profile_id', 'integer', fk('profiles'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('condition_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await index(db, 'profile_rules', ['profile_id', 'position']);

  await companyTable(db, 'profile_errors')
    .addColumn('profile_id', 'integer', fk('profiles'))
    .addColumn('row', 'integer')
    .addColumn('column', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'profile_errors', ['profile_id']);

  await timestamps(softDelete(companyTable(db, 'data_sources')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('GET'))
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('json_path', 'text')
    .addColumn('refresh_interval', 'integer', (c) => c.notNull().defaultTo(3600))
    .execute();
  await index(db, 'data_sources', ['company_id', 'name']);

  await timestamps(softDelete(companyTable(db, 'conditions')))
    .addColumn('data_source_id', 'integer', fk('data_sources', 'set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await nameSearchIndex(db, 'conditions');
  await index(db, 'conditions', ['company_id', 'updated_at']);

  await timestamps(softDelete(companyTable(db, 'media_entities')))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text')
    .addColumn('contact_email', 'text')
    .execute();
  await index(db, 'media_entities', ['company_id', 'name']);

  await timestamps(companyTable(db, 'approvals'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('media_entity_id', 'integer', fk('media_entities'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('comment', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await index(db, 'approvals', ['creative_id', 'media_entity_id'], { unique: true });
  await index(db, 'approvals', ['campaign_id', 'media_entity_id']);

  for (const [table, owner] of [
    ['report_links', 'campaigns'],
    ['preview_links', 'creatives'],
    ['approval_links', 'campaigns'],
  ] as const) {
    let t = companyTable(db, table).addColumn(
      owner === 'campaigns' ? 'campaign_id' : 'creative_id',
      'integer',
      fk(owner),
    );
    if (table === 'approval_links') t = t.addColumn('media_entity_id', 'integer', fk('media_entities'));
    if (table === 'report_links') t = t.addColumn('start_date', 'text').addColumn('end_date', 'text');
    await t
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_by', 'integer', fk('users', 'set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index(db, table, ['token'], { unique: true });
  }
  await index(db, 'report_links', ['campaign_id']);
  await index(db, 'preview_links', ['creative_id']);
  await index(db, 'approval_links', ['campaign_id']);

  await companyTable(db, 'uploads')
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'uploads', ['key'], { unique: true });
  await index(db, 'uploads', ['claimed_at', 'created_at']);

  await companyTable(db, 'feedback')
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await companyTable(db, 'audit_log')
    .addColumn('user_id', 'integer', fk('users', 'set null'))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await index(db, 'audit_log', ['entity_type', 'entity_id', 'created_at']);
  await index(db, 'audit_log', ['company_id', 'created_at']);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'feedback',
    'uploads',
    'approval_links',
    'preview_links',
    'report_links',
    'approvals',
    'media_entities',
    'conditions',
    'data_sources',
    'profile_errors',
    'profile_rules',
    'dynamic_codes',
    'packages',
    'assets',
    'creatives',
    'profiles',
    'profile_templates',
    'campaigns',
    'login_attempts',
    'sessions',
    'users',
    'companies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
