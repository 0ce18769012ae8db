import type { Insertable, Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { PackagesTable } from '../../db/schema';

/** A package row with its uploader's name, as the API shows it. */
export const packageColumns = [
  'packages.id',
  'packages.company_id',
  'packages.creative_id',
  'packages.version',
  'packages.original_name',
  'packages.storage_key',
  'packages.size',
  'packages.notes',
  'packages.status',
  'packages.processing',
  'packages.processing_error',
  'packages.entry_file',
  'packages.file_count',
  'packages.unpacked_size',
  'packages.findings',
  'packages.created_by',
  'packages.created_at',
  'packages.updated_at',
] as const;

export function createPackagesRepository(db: Db) {
  const views = (trx: Executor) =>
    trx
      .selectFrom('packages')
      .leftJoin('users', 'users.id', 'packages.created_by')
      .select([...packageColumns, 'users.name as created_by_name']);

  return {
    /** A creative's packages, newest version first. */
    listForCreative: (companyId: number, creativeId: number, trx: Executor = db) =>
      views(trx)
        .where('packages.company_id', '=', companyId)
        .where('packages.creative_id', '=', creativeId)
        .orderBy('packages.version', 'desc')
        .execute(),

    findView: (companyId: number, creativeId: number, id: number, trx: Executor = db) =>
      views(trx)
        .where('packages.company_id', '=', companyId)
        .where('packages.creative_id', '=', creativeId)
        .where('packages.id', '=', id)
        .executeTakeFirst(),

    /** Any company's package: for the unpack job and the signed render URL, which name it by id. */
    findById: (id: number, trx: Executor = db) =>
      trx.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst(),

    nextVersion: async (creativeId: number, trx: Executor = db) => {
      const row = await trx
        .selectFrom('packages')
        .select((eb) => eb.fn.max('version').as('last'))
        .where('creative_id', '=', creativeId)
        .executeTakeFirst();
      return Number(row?.last ?? 0) + 1;
    },

    insert: (values: Insertable<PackagesTable>, trx: Executor = db) =>
      trx.insertInto('packages').values(values).returning('id').executeTakeFirstOrThrow(),

    /** Writes `values` when the row is still at version `basedOn`; false when it changed meanwhile. */
    update: async (
      companyId: number,
      id: number,
      basedOn: string,
      values: Updateable<PackagesTable>,
      trx: Executor = db,
    ) => {
      const result = await trx
        .updateTable('packages')
        .set(values)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('updated_at', '=', basedOn)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The unpack job's progress and result (no version check: only the job writes these). */
    setProcessing: (id: number, values: Updateable<PackagesTable>, trx: Executor = db) =>
      trx.updateTable('packages').set(values).where('id', '=', id).execute(),
  };
}
export type PackagesRepository = ReturnType<typeof createPackagesRepository>;
export type PackageView = Awaited<ReturnType<PackagesRepository['findView']>> & object;
