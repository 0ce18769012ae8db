import { sql } from 'kysely';
import { extensionSchema, sqliteTextTable } from './2026-11-21-1110-text-search';
import { type AnyDb, addColumns, createIndex, dropColumns, dropRowTriggers, isPostgres } from './helpers';

const ASSETS_COLUMNS = [
  ['name', 'text', ''],
  ['sha256', 'text', ''],
  ['width', 'integer'],
  ['height', 'integer'],
  ['thumbnail_key', 'text'],
] as const;

const LIVE = 'deleted_at is null';

const index = (db: AnyDb, name: string, columns: string, where: string, include = '') =>
  sql.raw(`create index ${name} on assets (${columns})${include} where ${where}`).execute(db);

/**
 * Assets as docs/design.md §5 has them: a name shown and renamed (it starts as the uploaded file's),
 * the file's sha256 (duplicates within a creative are flagged), its pixel size and its thumbnail.
 * Their lists get the indexes the other lists have (live rows per company in each sort order, live
 * rows per creative, deleted rows), and the name its trigram index for the text filter.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'assets', ASSETS_COLUMNS);
  await sql`update assets set name = original_name`.execute(db);

  const postgres = isPostgres(db);
  await index(db, 'assets_live_updated_idx', 'company_id, updated_at, id', LIVE);
  await index(db, 'assets_live_created_idx', 'company_id, created_at, id', LIVE);
  await index(db, 'assets_live_size_idx', 'company_id, size, id', LIVE);
  // PostgreSQL walks an expression index without the table only when it carries the column.
  await index(
    db,
    'assets_live_name_idx',
    'company_id, lower(name), id',
    LIVE,
    postgres ? ' include (name)' : '',
  );
  await index(db, 'assets_live_creative_idx', 'creative_id, updated_at, id', LIVE);
  await index(db, 'assets_live_sha256_idx', 'creative_id, sha256, id', LIVE);
  await index(db, 'assets_deleted_idx', 'company_id, deleted_at, id', 'deleted_at is not null');
  await db.schema.dropIndex('assets_creative_id_deleted_at_idx').execute();
  await db.schema.dropIndex('assets_company_id_updated_at_idx').execute();

  if (postgres) {
    const trgm = await extensionSchema(db, 'pg_trgm');
    await extensionSchema(db, 'btree_gin');
    await sql
      .raw(
        `create index assets_name_trgm_idx on assets using gin (company_id, lower(name) "${trgm}".gin_trgm_ops)`,
      )
      .execute(db);
  } else {
    await sqliteTextTable(db, 'assets', ['name']);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('assets_name_trgm_idx').execute();
  } else {
    await dropRowTriggers(db, 'assets_text');
    await sql.raw('drop table assets_text').execute(db);
  }
  for (const name of ['updated', 'created', 'size', 'name', 'creative', 'sha256']) {
    await db.schema.dropIndex(`assets_live_${name}_idx`).execute();
  }
  await db.schema.dropIndex('assets_deleted_idx').execute();
  await createIndex(db, 'assets_creative_id_deleted_at_idx', 'assets', ['creative_id', 'deleted_at']);
  await createIndex(db, 'assets_company_id_updated_at_idx', 'assets', ['company_id', 'updated_at']);
  await dropColumns(db, 'assets', ASSETS_COLUMNS);
}
