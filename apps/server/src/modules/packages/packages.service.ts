import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Package, PackageCreate, PackageFinding, PackageUpdate, User } from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { created, diff } from '../../lib/audit-changes';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import { isMissing, type ObjectStore } from '../../storage/object-store';
import { packageFileKey } from '../../storage/package-files';
import type { AuditLog } from '../audit';
import type { UploadsService } from '../uploads';
import type { PackagesRepository, PackageView } from './packages.repository';

export const UNPACK_JOB = 'package.unpack';
/** Tries of an unpack job before the package is `failed`. */
export const UNPACK_ATTEMPTS = 3;
export const CHANGED_MEANWHILE = changedMeanwhile('package');
export const NOT_READY = 'The package is still being unpacked; approve it once it is ready.';
export const HAS_ERRORS = 'The package has errors and cannot be approved. Upload a corrected version.';
export const UNPACK_FAILED = 'The package could not be unpacked; upload it again.';

export interface PackageRefs {
  /** The company's live creative, with its size; undefined when it has none with this id. */
  creative(
    companyId: number,
    id: number,
    trx?: Executor,
  ): Promise<{ id: number; width: number; height: number; deleted_at: string | null } | undefined>;
}

interface Deps {
  packages: PackagesRepository;
  refs: PackageRefs;
  files: Pick<UploadsService, 'check' | 'keep'> & Pick<ObjectStore, 'read'>;
  /** Queues the unpack job of a package (one at a time per package). */
  queueUnpack(id: number): Promise<unknown>;
  /** A short-lived URL rendering an unpacked package's entry file in the sandbox. */
  previewUrl(id: number): string;
  audit: AuditLog;
  transaction: Transactor;
}

export const findingsOf = (json: string): PackageFinding[] => {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed as PackageFinding[]) : [];
  } catch {
    return [];
  }
};

export const hasErrors = (findings: readonly PackageFinding[]) =>
  findings.some((f) => f.severity === 'error');

export function createPackagesService({
  packages,
  refs,
  files,
  queueUnpack,
  previewUrl,
  audit,
  transaction,
}: Deps) {
  const toPackage = (row: PackageView): Package => {
    const findings = findingsOf(row.findings);
    const renders = row.processing === 'ready' && row.entry_file !== null && !hasErrors(findings);
    return {
      id: row.id,
      creative_id: row.creative_id,
      version: row.version,
      original_name: row.original_name,
      size: Number(row.size),
      notes: row.notes,
      status: row.status,
      processing: row.processing,
      processing_error: row.processing_error,
      entry_file: row.entry_file,
      file_count: row.file_count,
      unpacked_size: row.unpacked_size === null ? null : Number(row.unpacked_size),
      findings,
      created_by:
        row.created_by !== null && row.created_by_name !== null
          ? { id: row.created_by, name: row.created_by_name }
          : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
      preview_url: renders ? previewUrl(row.id) : null,
    };
  };

  const liveCreative = async (user: User, creativeId: number, trx?: Executor) => {
    const creative = await refs.creative(user.company_id, creativeId, trx);
    if (!creative || creative.deleted_at) throw notFound();
    return creative;
  };

  const view = async (user: User, creativeId: number, id: number, trx?: Executor) => {
    const row = await packages.findView(user.company_id, creativeId, id, trx);
    if (!row) throw notFound();
    return toPackage(row);
  };

  return {
    async list(user: User, creativeId: number): Promise<Package[]> {
      await liveCreative(user, creativeId);
      return (await packages.listForCreative(user.company_id, creativeId)).map(toPackage);
    },

    /**
     * Keeps an uploaded zip as the creative's next version and queues its unpacking; answers at
     * once with `processing: queued`. Two uploads at once get consecutive versions.
     */
    async create(user: User, creativeId: number, body: PackageCreate): Promise<Package> {
      await liveCreative(user, creativeId);
      const [upload] = await files.check(
        user.company_id,
        [{ key: body.key, field: 'key', name: body.name }],
        'package',
      );
      const destination = `package-zips/${user.company_id}/${creativeId}/${randomUUID()}.zip`;
      let id: number | undefined;
      for (let attempt = 1; id === undefined; attempt++) {
        try {
          id = await files.keep([{ upload: upload!, destination }], async (trx) => {
            await liveCreative(user, creativeId, trx);
            const at = nowIso();
            const values = {
              company_id: user.company_id,
              creative_id: creativeId,
              version: await packages.nextVersion(creativeId, trx),
              original_name: body.name,
              storage_key: destination,
              size: upload!.size,
              notes: body.notes ?? null,
              status: 'uploaded' as const,
              created_by: user.id,
              created_at: at,
              updated_at: at,
            };
            const row = await packages.insert(values, trx);
            await audit.log(trx, user, { entityId: row.id, action: 'created', changes: created(values) });
            return row.id;
          });
        } catch (error) {
          // Another upload took this version number meanwhile: take the next one.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
      await queueUnpack(id);
      return view(user, creativeId, id);
    },

    /** Notes and the review status; approving needs an unpacked package without errors. */
    update: (
      user: User,
      creativeId: number,
      id: number,
      body: PackageUpdate,
      ifMatch: string | undefined,
    ): Promise<Package> =>
      transaction(async (trx) => {
        await liveCreative(user, creativeId, trx);
        const row = await packages.findView(user.company_id, creativeId, id, trx);
        if (!row) throw notFound();
        const basedOn = basedOnOf(body.updated_at, ifMatch);
        assertCurrentVersion(basedOn, row.updated_at, CHANGED_MEANWHILE);
        if (body.status === 'approved' && row.status !== 'approved') {
          if (row.processing !== 'ready') throw unprocessable({ status: [NOT_READY] });
          if (hasErrors(findingsOf(row.findings))) throw unprocessable({ status: [HAS_ERRORS] });
        }
        const after = {
          ...(body.notes !== undefined ? { notes: body.notes ?? null } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        };
        const changes = diff(row, after);
        if (Object.keys(changes).length === 0) return toPackage(row);
        const updated = await packages.update(
          user.company_id,
          id,
          row.updated_at,
          { ...after, updated_at: nextUpdatedAt(row.updated_at) },
          trx,
        );
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        await audit.log(trx, user, { entityId: id, action: 'updated', changes });
        return view(user, creativeId, id, trx);
      }),

    /**
     * A live file of a package, by its path in the package: only a recorded file of the package's
     * live attempt is ever served. Undefined for any other name (a `.part`, an orphan, a typo).
     */
    async liveFile(id: number, path: string): Promise<{ size: number; body: Readable } | undefined> {
      const file = await packages.liveFile(id, path);
      if (!file) return undefined;
      try {
        return { size: Number(file.size), body: await files.read(packageFileKey(file.prefix, path)) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;
