import { type AnyDb, addColumns, createIndex, dropColumns } from './helpers';

const PACKAGES_COLUMNS = [
  ['files_prefix', 'text'],
  ['unpack_prefix', 'text'],
] as const;

/**
 * An unpacked package is whole or absent (docs/decisions/0071, "Packages are unpacked whole or not
 * at all"). Each unpack attempt writes under a prefix of its own, `packages/{id}/{attempt}/`,
 * recorded in `package_unpacks` before its first write; each file is recorded in `package_files`
 * once it is completely written; the package names its live prefix (`files_prefix`) only when it
 * turns ready, and the attempt running now (`unpack_prefix`). Readers serve recorded files of the
 * live prefix only. Packages already ready keep `files_prefix` null: they are legacy, with their
 * files straight under `packages/{id}/`, until a sweep records them (packages.service.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'packages', PACKAGES_COLUMNS);
  await db.schema
    .createTable('package_files')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_files_pk', ['prefix', 'path'])
    .execute();
  // No foreign key to packages: an attempt outlives a package row that is gone, so its files are found.
  await db.schema
    .createTable('package_unpacks')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'package_unpacks_package_idx', 'package_unpacks', ['package_id']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('package_unpacks').execute();
  await db.schema.dropTable('package_files').execute();
  await dropColumns(db, 'packages', PACKAGES_COLUMNS);
}
