import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LOCAL_BUCKET,
  type SignedStorageUrl,
  type SignedStorageUrlBody,
  type User,
} from '@adstudio/contract';
import type { Db, Executor } from '../../db/database';
import { groupByField } from '../../lib/field-errors';
import { HttpError, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { createTransactor } from '../../lib/transaction';
import { sniffFile } from '../../storage/content-sniffer';
import { type LocalDisk, TooLargeError } from '../../storage/local-disk';
import type { Signer } from '../../storage/signer';
import { judgeContent, PURPOSE_MAX_BYTES, sizeProblem, type UploadPurpose } from './upload-rules';
import type { UploadsRepository } from './uploads.repository';

/** A signed upload URL lives 5 minutes (DESIGN section 4). */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
/** A signed read URL is handed to one page view; it need not outlive it by much. */
export const READ_URL_TTL_SECONDS = 10 * 60;
/** Unclaimed temporary uploads are swept after a day. */
export const UNCLAIMED_TTL_MS = 24 * 3_600_000;

interface Deps {
  db: Db;
  uploads: UploadsRepository;
  disk: LocalDisk;
  signer: Signer;
  appUrl: string;
  maxUploadBytes: number;
  /** Overrides of PURPOSE_MAX_BYTES (tests use tiny ones). */
  purposeMaxBytes?: Partial<Record<UploadPurpose, number>>;
}

const NOT_CLAIMABLE = 'The upload was not found or has already been used.';
export const notClaimable = (field = 'key') => unprocessable({ [field]: [NOT_CLAIMABLE] });
/** A concurrent claim may move the file away while it is read: then it is simply not there. */
const missingFile = (error: NodeJS.ErrnoException): undefined => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/** One upload to claim: its key, the 422 field it answers under, and the file's name for messages. */
export interface UploadRef {
  key: string;
  field: string;
  name?: string;
}

/** An upload that passed the checks: what its bytes are, and where they are until kept. */
export interface CheckedUpload {
  id: number;
  key: string;
  field: string;
  /** Its path on disk, for reading it before it is kept (hashing, measuring, thumbnails). */
  file: string;
  size: number;
  contentType: string;
  extension: string;
}

export function createUploadsService({
  db,
  uploads,
  disk,
  signer,
  appUrl,
  maxUploadBytes,
  purposeMaxBytes = {},
}: Deps) {
  const transaction = createTransactor(db);

  const signedUrl = (method: 'GET' | 'PUT', key: string, contentType: string, expires: number) =>
    `${appUrl}/storage/${key}?${signer.query({ method, key, contentType, expires })}`;

  /**
   * Checks uploads before they are kept: each must be one of the company's finished uploads, not
   * yet claimed, of a type `purpose` allows (its bytes agreeing with what was declared) and within
   * its size limit. A refused upload is forgotten, file and row; the others are left as they
   * were, still claimable. Every refusal is reported at once (422, under each upload's `field`,
   * prefixed with its `name` when given).
   */
  async function check(
    companyId: number,
    refs: readonly UploadRef[],
    purpose: UploadPurpose,
  ): Promise<CheckedUpload[]> {
    const errors: { field: string; message: string }[] = [];
    const checked: CheckedUpload[] = [];
    const seen = new Set<string>();
    const maxBytes = Math.min(purposeMaxBytes[purpose] ?? PURPOSE_MAX_BYTES[purpose], maxUploadBytes);
    for (const ref of refs) {
      const refuse = (reason: string) =>
        errors.push({ field: ref.field, message: ref.name ? `${ref.name}: ${reason}` : reason });
      const upload = seen.has(ref.key) ? undefined : await uploads.findReceivedInCompany(ref.key, companyId);
      seen.add(ref.key);
      // The object exists only once its PUT has finished writing it.
      const stat = upload ? await disk.stat(ref.key) : undefined;
      if (!upload || !stat?.isFile()) {
        refuse(NOT_CLAIMABLE);
        continue;
      }
      const problem = sizeProblem(stat.size, maxBytes);
      const sniffed = problem ? undefined : await sniffFile(disk.pathOf(ref.key)).catch(missingFile);
      if (!problem && !sniffed) {
        refuse(NOT_CLAIMABLE);
        continue;
      }
      const verdict = problem
        ? ({ ok: false, reason: problem } as const)
        : judgeContent(purpose, upload.content_type, sniffed!);
      if (!verdict.ok) {
        // A concurrent claim that already took the upload keeps its file.
        if (await uploads.deleteUnclaimed(upload.id)) await disk.remove(ref.key);
        refuse(verdict.reason);
        continue;
      }
      checked.push({
        id: upload.id,
        key: ref.key,
        field: ref.field,
        file: disk.pathOf(ref.key),
        size: stat.size,
        contentType: verdict.contentType,
        extension: verdict.extension,
      });
    }
    if (errors.length > 0) throw unprocessable(groupByField(errors));
    return checked;
  }

  /**
   * Keeps checked uploads in one transaction: each is marked claimed (a concurrent claim loses
   * there, 422), `work` writes what they became, then each file moves to its destination. When
   * anything fails, including the commit, the moves are undone: nothing is left at a destination
   * and the uploads stay claimable (the transaction's rollback unmarks them).
   */
  async function keep<T>(
    items: readonly { upload: CheckedUpload; destination: string }[],
    work: (trx: Executor) => Promise<T>,
  ): Promise<T> {
    const moved: { from: string; to: string }[] = [];
    try {
      return await transaction(async (trx) => {
        const at = nowIso();
        for (const { upload } of items) {
          if (!(await uploads.markClaimed(upload.id, at, trx))) throw notClaimable(upload.field);
        }
        const result = await work(trx);
        for (const { upload, destination } of items) {
          await disk.move(upload.key, destination).catch((error: NodeJS.ErrnoException) => {
            throw error.code === 'ENOENT' ? notClaimable(upload.field) : error;
          });
          moved.push({ from: upload.key, to: destination });
        }
        return result;
      });
    } catch (error) {
      // Best effort: the error that stopped the claim is the one to report.
      for (const { from, to } of moved.reverse()) await disk.move(to, from).catch(() => undefined);
      throw error;
    }
  }

  return {
    /** Step 1 of the Vapor flow: a URL the browser PUTs the file to, without credentials. */
    async sign(user: User, body: SignedStorageUrlBody): Promise<SignedStorageUrl> {
      if (body.bucket !== LOCAL_BUCKET) {
        throw unprocessable({ bucket: [`The bucket must be "${LOCAL_BUCKET}".`] });
      }
      const uuid = randomUUID();
      const key = `tmp/${uuid}`;
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
      await uploads.insert({
        company_id: user.company_id,
        user_id: user.id,
        uuid,
        bucket: LOCAL_BUCKET,
        key,
        content_type: body.content_type,
        visibility: body.visibility || null,
        expires_at: new Date(expires * 1000).toISOString(),
        received_at: null,
        claimed_at: null,
        created_at: nowIso(),
      });
      return {
        uuid,
        bucket: LOCAL_BUCKET,
        key,
        url: signedUrl('PUT', key, body.content_type, expires),
        headers: { 'Content-Type': body.content_type, Host: new URL(appUrl).host },
      };
    },

    /** Step 2: the signed PUT, streamed to disk; the URL takes one PUT that succeeds. */
    async receive(input: {
      key: string;
      expires: number;
      signature?: string;
      contentType?: string;
      body: Readable;
    }) {
      const upload = await uploads.findUnclaimed(input.key);
      const valid =
        upload &&
        signer.verify(
          { method: 'PUT', key: input.key, contentType: upload.content_type, expires: input.expires },
          input.signature,
        );
      if (!upload || !valid) throw new HttpError(403, 'Invalid or expired signature.');
      if (input.contentType !== upload.content_type) {
        throw new HttpError(403, 'The Content-Type header does not match the signed URL.');
      }
      // Taken before a byte is written, so a second PUT, even a concurrent one, cannot replace
      // the object after (or while) it is checked and claimed.
      const reservedAt = nowIso();
      if (!(await uploads.reserve(upload.id, reservedAt))) {
        throw new HttpError(403, 'This upload URL has already been used.');
      }
      try {
        return { size: await disk.write(input.key, input.body, maxUploadBytes) };
      } catch (error) {
        // Nothing was stored (the disk writes beside the key and renames at the end), so the
        // client may try again while the URL is valid.
        await uploads.release(upload.id, reservedAt);
        if (error instanceof TooLargeError) throw new HttpError(413, error.message);
        throw error;
      }
    },

    /** A signed GET URL for a stored object, e.g. an asset. */
    readUrl: (key: string, contentType: string, ttlSeconds = READ_URL_TTL_SECONDS) =>
      signedUrl('GET', key, contentType, Math.floor(Date.now() / 1000) + ttlSeconds),

    verifyRead: (key: string, contentType: string, expires: number, signature: string | undefined) =>
      signer.verify({ method: 'GET', key, contentType, expires }, signature),

    check,
    keep,

    /** One upload checked and kept at `destination`, e.g. a package's zip. */
    async claim(companyId: number, key: string, destination: string, purpose: UploadPurpose) {
      const [upload] = await check(companyId, [{ key, field: 'key' }], purpose);
      await keep([{ upload: upload!, destination }], async () => undefined);
      return { size: upload!.size, contentType: upload!.contentType, extension: upload!.extension };
    },

    /** Stores bytes made on the server (e.g. a thumbnail) under `key`. */
    store: (key: string, bytes: Buffer) => disk.writeBytes(key, bytes),

    /** Removes stored files; a missing one is no error. */
    async remove(keys: readonly string[]) {
      for (const key of keys) await disk.remove(key);
    },

    /** Removes temporary uploads nobody claimed within a day. */
    async sweep(now = Date.now()) {
      let removed = 0;
      for (;;) {
        const stale = await uploads.listStale(new Date(now - UNCLAIMED_TTL_MS).toISOString(), 500);
        if (stale.length === 0) return removed;
        for (const upload of stale) await disk.remove(upload.key);
        await uploads.delete(stale.map((u) => u.id));
        removed += stale.length;
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
