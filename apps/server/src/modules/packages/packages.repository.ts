import type { Insertable, Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { PackagesTable } from '../../db/schema';
import { nowIso } from '../../lib/time';

/** A file of an unpacked package: its path in the package and its size. */
export interface UnpackedFile {
  path: string;
  size: number;
}

/** Rows per insert of recorded files: well under SQLite's limit of bound values. */
const FILES_PER_INSERT = 500;

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

    /** Names `prefix` the package's running unpack attempt, and records it before anything is written there. */
    startUnpack: async (id: number, prefix: string, trx: Executor) => {
      await trx
        .updateTable('packages')
        .set({ processing: 'unpacking', processing_error: null, unpack_prefix: prefix })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('package_unpacks')
        .values({ prefix, package_id: id, started_at: nowIso() })
        .execute();
    },

    /**
     * Records a file that attempt `prefix` wrote completely, while it is still the package's
     * running attempt; false (nothing recorded) once another attempt has taken over.
     */
    recordFile: async (id: number, prefix: string, file: UnpackedFile, trx: Executor = db) => {
      const result = await trx
        .insertInto('package_files')
        .columns(['prefix', 'path', 'size'])
        .expression((eb) =>
          eb
            .selectFrom('packages')
            .select([
              eb.cast<string>(eb.val(prefix), 'text').as('prefix'),
              eb.cast<string>(eb.val(file.path), 'text').as('path'),
              eb.cast<number>(eb.val(file.size), 'bigint').as('size'),
            ])
            .where('id', '=', id)
            .where('unpack_prefix', '=', prefix),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    countFiles: async (prefix: string, trx: Executor = db) =>
      Number(
        (
          await trx
            .selectFrom('package_files')
            .select((eb) => eb.fn.countAll().as('files'))
            .where('prefix', '=', prefix)
            .executeTakeFirstOrThrow()
        ).files,
      ),

    /**
     * Makes attempt `prefix` live: the package turns ready with its result in one update, while
     * `prefix` is still its running attempt; false when another attempt has taken over.
     */
    publish: async (id: number, prefix: string, values: Updateable<PackagesTable>, trx: Executor) => {
      const result = await trx
        .updateTable('packages')
        .set({ ...values, processing: 'ready', files_prefix: prefix, unpack_prefix: null })
        .where('id', '=', id)
        .where('unpack_prefix', '=', prefix)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('package_unpacks').where('prefix', '=', prefix).execute();
      return true;
    },

    /** The last unpack attempt failed: unless the package is ready meanwhile. False when it was. */
    fail: async (id: number, error: string, trx: Executor = db) => {
      const result = await trx
        .updateTable('packages')
        .set({ processing: 'failed', processing_error: error, unpack_prefix: null })
        .where('id', '=', id)
        .where('processing', '!=', 'ready')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The package's recorded attempts but `except` (its running one). */
    unpacksOf: async (id: number, except: string | null, trx: Executor = db) => {
      let query = trx.selectFrom('package_unpacks').select('prefix').where('package_id', '=', id);
      if (except !== null) query = query.where('prefix', '!=', except);
      return (await query.execute()).map((row) => row.prefix);
    },

    /**
     * Recorded attempts that are neither a package's running attempt nor its live files: dead,
     * taken over, or of a package that is gone. Only these may be removed from storage.
     */
    deadUnpacks: (limit: number, trx: Executor = db) =>
      trx
        .selectFrom('package_unpacks')
        .leftJoin('packages', 'packages.id', 'package_unpacks.package_id')
        .select(['package_unpacks.prefix', 'package_unpacks.package_id'])
        .where((eb) =>
          eb.and([
            eb.or([
              eb('packages.unpack_prefix', 'is', null),
              eb('packages.unpack_prefix', '!=', eb.ref('package_unpacks.prefix')),
            ]),
            eb.or([
              eb('packages.files_prefix', 'is', null),
              eb('packages.files_prefix', '!=', eb.ref('package_unpacks.prefix')),
            ]),
          ]),
        )
        .orderBy('package_unpacks.prefix')
        .limit(limit)
        .execute(),

    /** Forgets the files recorded of attempt `prefix` (removed from storage). */
    forgetFiles: (prefix: string, trx: Executor = db) =>
      trx.deleteFrom('package_files').where('prefix', '=', prefix).execute(),

    /** Forgets attempts whose files are gone from storage, and their recorded files. */
    forgetUnpacks: async (prefixes: readonly string[], trx: Executor = db) => {
      if (prefixes.length === 0) return;
      await trx.deleteFrom('package_files').where('prefix', 'in', prefixes).execute();
      await trx.deleteFrom('package_unpacks').where('prefix', 'in', prefixes).execute();
    },

    /** The size of `path` among the package's live files; undefined when it is not one. */
    liveFile: (id: number, path: string, trx: Executor = db) =>
      trx
        .selectFrom('packages')
        .innerJoin('package_files', 'package_files.prefix', 'packages.files_prefix')
        .select(['package_files.prefix', 'package_files.size'])
        .where('packages.id', '=', id)
        .where('package_files.path', '=', path)
        .executeTakeFirst(),

    /** Ready packages from before files were recorded (legacy), after `afterId`, by id. */
    legacy: (afterId: number, limit: number, trx: Executor = db) =>
      trx
        .selectFrom('packages')
        .select(['id', 'file_count', 'unpacked_size', 'findings'])
        .where('processing', '=', 'ready')
        .where('files_prefix', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Records a legacy package's files as they are under `prefix`; false when it was done meanwhile. */
    adopt: async (id: number, prefix: string, files: readonly UnpackedFile[], trx: Executor) => {
      const result = await trx
        .updateTable('packages')
        .set({ files_prefix: prefix })
        .where('id', '=', id)
        .where('processing', '=', 'ready')
        .where('files_prefix', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      for (let i = 0; i < files.length; i += FILES_PER_INSERT)
        await trx
          .insertInto('package_files')
          .values(files.slice(i, i + FILES_PER_INSERT).map((file) => ({ prefix, ...file })))
          .execute();
      return true;
    },

    /** Puts a legacy package back in the queue; false when it was recorded or queued meanwhile. */
    requeue: async (id: number, trx: Executor = db) => {
      const result = await trx
        .updateTable('packages')
        .set({ processing: 'queued' })
        .where('id', '=', id)
        .where('processing', '=', 'ready')
        .where('files_prefix', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Which of `ids` are packages. */
    existing: async (ids: readonly number[], trx: Executor = db) =>
      ids.length === 0
        ? new Set<number>()
        : new Set(
            (await trx.selectFrom('packages').select('id').where('id', 'in', ids).execute()).map(
              (row) => row.id,
            ),
          ),
  };
}
export type PackagesRepository = ReturnType<typeof createPackagesRepository>;
export type PackageView = Awaited<ReturnType<PackagesRepository['findView']>> & object;
