import { Readable } from 'node:stream';
import type { Transactor } from '../../db/database';
import { failpoint, isArmed } from '../../lib/failpoints';
import type { ObjectStore } from '../../storage/object-store';
import {
  attemptPrefix,
  isPartialWrite,
  PACKAGES_FOLDER,
  packageFileKey,
  packagePathOf,
  unpackedPrefix,
} from '../../storage/package-files';
import { PackageError, type PackageInspection } from '../../storage/package-zip';
import type { PackagesRepository } from './packages.repository';
import { findingsOf, hasErrors, type PackageRefs, UNPACK_FAILED } from './packages.service';

/** How a zip is judged and unpacked (storage/package-zip.ts). */
export interface PackageZip {
  inspect(file: string, creative: { width: number; height: number }): Promise<PackageInspection>;
  unpack(
    file: string,
    inspection: PackageInspection,
    write: (path: string, body: Readable, size: number) => Promise<void>,
  ): Promise<void>;
}

interface Deps {
  packages: PackagesRepository;
  refs: PackageRefs;
  files: Pick<ObjectStore, 'localFile' | 'write' | 'remove' | 'removeAll' | 'list' | 'folders'>;
  zip: PackageZip;
  /** Queues the unpack job of a package (one at a time per package). */
  queueUnpack(id: number): Promise<unknown>;
  transaction: Transactor;
}

/** Rows a sweep takes at a time. */
const SWEEP_BATCH = 200;

/** An unpack attempt found that another one has taken over its package. */
class Superseded extends Error {}

/**
 * The fault tests stop the process part-way through a file (lib/failpoints.ts): its first bytes
 * are on their way to storage, the rest never come.
 */
const cutShort = (body: Readable) =>
  !isArmed('package-unpack-file')
    ? body
    : Readable.from(
        (async function* () {
          for await (const chunk of body) {
            yield chunk as Buffer;
            await failpoint('package-unpack-file');
          }
        })(),
      );

/**
 * Unpacking producer packages, whole or not at all (docs/decisions/0071): each attempt writes into a
 * folder of its own, `packages/{id}/{attempt}/`, recorded before its first write; each file is
 * recorded once it is whole; the package turns ready, with that folder live, in one update after
 * the last. Readers serve recorded files of the live folder only, so what a crashed attempt left
 * is never served, and the next attempt or the sweep removes it.
 */
export function createPackageUnpack({ packages, refs, files, zip, queueUnpack, transaction }: Deps) {
  /** Removes everything under `packages/{id}/` and forgets the attempts that wrote it, but `keep`. */
  async function removeAttempts(id: number, keep: string | null) {
    await files.removeAll(unpackedPrefix(id));
    await packages.forgetUnpacks(await packages.unpacksOf(id, keep));
  }

  /** Removes an attempt that was taken over: its files and its record. */
  async function dropAttempt(prefix: string) {
    await files.removeAll(prefix);
    await packages.forgetUnpacks([prefix]);
  }

  /**
   * A package unpacked before files were recorded has them straight under `packages/{id}/`, every
   * one written before it turned ready. They are recorded as they are (but the `.part` of a write
   * a killed process never finished, which is removed) when their count and size are what its job
   * found in the zip; otherwise it is unpacked again from its zip. Answers true when recorded.
   */
  async function adoptLegacy(pkg: {
    id: number;
    file_count: number | null;
    unpacked_size: number | null;
    findings: string;
  }): Promise<boolean> {
    const prefix = unpackedPrefix(pkg.id);
    const objects = [];
    for await (const object of files.list(prefix)) objects.push(object);
    // A refused zip was never written: whatever is there is not its.
    const renders = !hasErrors(findingsOf(pkg.findings));
    const whole = renders ? objects.filter((object) => !isPartialWrite(object.key)) : [];
    const size = whole.reduce((sum, object) => sum + object.size, 0);
    if (renders && (whole.length !== pkg.file_count || size !== Number(pkg.unpacked_size))) {
      if (await packages.requeue(pkg.id)) await queueUnpack(pkg.id);
      return false;
    }
    const adopted = await transaction((trx) =>
      packages.adopt(
        pkg.id,
        prefix,
        whole.map((object) => ({ path: packagePathOf(prefix, object.key), size: object.size })),
        trx,
      ),
    );
    if (adopted) for (const object of objects) if (!whole.includes(object)) await files.remove(object.key);
    return true;
  }

  /** Removes the folders of packages that are gone (a row deleted by hand, an older database restored). */
  async function removeGonePackages() {
    const ids: number[] = [];
    for await (const name of files.folders(PACKAGES_FOLDER))
      if (/^[0-9]{1,10}$/.test(name)) ids.push(Number(name));
    let gone = 0;
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      const batch = ids.slice(i, i + SWEEP_BATCH);
      const existing = await packages.existing(batch);
      for (const id of batch.filter((id) => !existing.has(id))) {
        await files.removeAll(unpackedPrefix(id));
        gone++;
      }
    }
    return gone;
  }

  return {
    /**
     * The unpack job: judges the zip (docs/design.md §5) and, without errors, writes its files
     * under a new attempt folder, then publishes them. A crash anywhere before the publishing
     * update leaves the package `unpacking` with nothing live; the next attempt starts by removing
     * whatever earlier ones left.
     */
    async unpack(id: number): Promise<void> {
      const row = await packages.findById(id);
      if (!row || row.processing === 'ready') return;
      const creative = await refs.creative(row.company_id, row.creative_id);
      const prefix = attemptPrefix(id);
      await transaction((trx) => packages.startUnpack(id, prefix, trx));
      // Nothing of a package that is not ready is live: what earlier attempts left goes.
      await removeAttempts(id, prefix);
      // The zip is read entry by entry from a local file: the stored one, or a copy from a bucket.
      const zipFile = await files.localFile(row.storage_key);
      let inspection: PackageInspection;
      let findings: PackageInspection['findings'];
      let recorded = 0;
      try {
        inspection = await zip.inspect(zipFile.path, {
          width: creative?.width ?? 0,
          height: creative?.height ?? 0,
        });
        findings = inspection.findings;
        if (inspection.ok) {
          const last = inspection.files.length;
          try {
            await zip.unpack(zipFile.path, inspection, async (path, body, size) => {
              // The last file is where the fault tests cut a write short: every other is recorded.
              const stream = recorded + 1 === last ? cutShort(body) : body;
              const stored = await files.write(packageFileKey(prefix, path), stream, size);
              if (!(await packages.recordFile(id, prefix, { path, size: stored }))) throw new Superseded();
              recorded++;
              await failpoint('package-unpack-between');
            });
          } catch (error) {
            if (error instanceof Superseded || (await packages.findById(id))?.unpack_prefix !== prefix) {
              // Another attempt owns the package now (this one outlived its job's expiry).
              await dropAttempt(prefix);
              return;
            }
            // The zip itself is at fault (an entry lying about its size): trying again cannot help.
            if (!(error instanceof PackageError)) throw error;
            await files.removeAll(prefix);
            await packages.forgetFiles(prefix);
            recorded = 0;
            findings = [...findings, { severity: 'error', code: 'corrupt', message: error.message }];
          }
        }
      } finally {
        await zipFile.release();
      }
      await failpoint('package-unpack-ready');
      const published = await transaction(async (trx) => {
        const files = await packages.countFiles(prefix, trx);
        if (files !== recorded) throw new Error(`${files} files are recorded of the ${recorded} written.`);
        return packages.publish(
          id,
          prefix,
          {
            entry_file: inspection.entryFile,
            file_count: inspection.fileCount,
            unpacked_size: inspection.unpackedSize,
            findings: JSON.stringify(findings),
          },
          trx,
        );
      });
      if (!published) await dropAttempt(prefix);
    },

    /** The last try of the unpack job failed, or the server stopped during it. */
    async unpackFailed(id: number, message: string): Promise<void> {
      if (await packages.fail(id, `${UNPACK_FAILED} (${message})`)) await removeAttempts(id, null);
    },

    /**
     * Removes what unpacking left that is not live (attempts that died or were taken over, folders
     * of packages that are gone) and records legacy packages' files. Runs at start, in the
     * background, and now and then; safe on several instances at once (it never removes a running
     * attempt's folder), and a few indexed queries and one listing when there is nothing to do.
     */
    async sweep(): Promise<{ removed: number; adopted: number; requeued: number; gone: number }> {
      let removed = 0;
      for (let dead = await packages.deadUnpacks(SWEEP_BATCH); dead.length > 0; ) {
        for (const { prefix } of dead) await files.removeAll(prefix);
        await packages.forgetUnpacks(dead.map((attempt) => attempt.prefix));
        removed += dead.length;
        dead = dead.length < SWEEP_BATCH ? [] : await packages.deadUnpacks(SWEEP_BATCH);
      }
      let adopted = 0;
      let requeued = 0;
      for (let after = 0; ; ) {
        const legacy = await packages.legacy(after, SWEEP_BATCH);
        for (const pkg of legacy) {
          if (await adoptLegacy(pkg)) adopted++;
          else requeued++;
        }
        if (legacy.length < SWEEP_BATCH) break;
        after = legacy.at(-1)!.id;
      }
      return { removed, adopted, requeued, gone: await removeGonePackages() };
    },
  };
}
export type PackageUnpack = ReturnType<typeof createPackageUnpack>;
