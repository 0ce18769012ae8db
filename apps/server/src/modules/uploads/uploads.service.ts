import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  LOCAL_BUCKET,
  type SignedStorageUrl,
  type SignedStorageUrlBody,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { failpoint, isArmed } from '../../lib/failpoints';
import { groupByField } from '../../lib/field-errors';
import { HttpError, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { sniffFile } from '../../storage/content-sniffer';
import { isMissing, type ObjectStore, TMP_PREFIX, TooLargeError } from '../../storage/object-store';
import type { Signer } from '../../storage/signer';
import { judgeContent, PURPOSE_MAX_BYTES, sizeProblem, type UploadPurpose } from './upload-rules';
import type { UploadsRepository } from './uploads.repository';

/** A signed upload URL lives 5 minutes (docs/design.md §4). */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
/** A signed read URL is handed to one page view; it need not outlive it by much. */
export const READ_URL_TTL_SECONDS = 10 * 60;
/** Unclaimed temporary uploads are swept after a day. */
export const UNCLAIMED_TTL_MS = 24 * 3_600_000;

interface Deps {
  transaction: Transactor;
  uploads: UploadsRepository;
  store: ObjectStore;
  signer: Signer;
  appUrl: string;
  maxUploadBytes: number;
  /** Overrides of PURPOSE_MAX_BYTES (tests use tiny ones). */
  purposeMaxBytes?: Partial<Record<UploadPurpose, number>>;
}

const NOT_CLAIMABLE = 'The upload was not found or has already been used.';
export const notClaimable = (field = 'key') => unprocessable({ [field]: [NOT_CLAIMABLE] });
/** A concurrent claim may move the file away while it is read: then it is simply not there. */
const missingFile = (error: unknown): undefined => {
  if (isMissing(error)) return undefined;
  throw error;
};

/** The body as received; the fault tests stop the process once its first chunk is on its way to disk. */
const withFailpoint = (body: Readable) =>
  !isArmed('upload-write')
    ? body
    : Readable.from(
        (async function* () {
          for await (const chunk of body) {
            yield chunk as Buffer;
            await failpoint('upload-write');
          }
        })(),
      );

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
  /**
   * A local file holding its bytes, for reading it before it is kept (hashing, measuring,
   * thumbnails): the stored file itself on local disk, a copy from a bucket (removed when kept).
   */
  file: string;
  /** The tag of the bytes that were checked: only those are kept. */
  etag: string;
  /** Removes the local copy (`file`), if one was made; the upload itself stays. */
  releaseFile(): Promise<void>;
  size: number;
  contentType: string;
  extension: string;
}

export function createUploadsService({
  transaction,
  uploads,
  store,
  signer,
  appUrl,
  maxUploadBytes,
  purposeMaxBytes = {},
}: Deps) {
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
      // Bucket uploads go straight to the bucket: whether one arrived, only the bucket knows.
      const upload = seen.has(ref.key)
        ? undefined
        : await uploads.findClaimableInCompany(ref.key, companyId, { received: !store.presignPut });
      seen.add(ref.key);
      // The object exists only once its PUT has finished writing it.
      const stat = upload ? await store.stat(ref.key) : undefined;
      if (!upload || !stat) {
        refuse(NOT_CLAIMABLE);
        continue;
      }
      const problem = sizeProblem(stat.size, maxBytes);
      const local = problem ? undefined : await store.localFile(ref.key).catch(missingFile);
      const sniffed = local && (await sniffFile(local.path).catch(missingFile));
      if (!problem && !sniffed) {
        await local?.release();
        refuse(NOT_CLAIMABLE);
        continue;
      }
      const verdict = problem
        ? ({ ok: false, reason: problem } as const)
        : judgeContent(purpose, upload.content_type, sniffed!);
      if (!verdict.ok) {
        await local?.release();
        // A concurrent claim that already took the upload keeps its file.
        if (await uploads.deleteUnclaimed(upload.id)) await store.remove(ref.key);
        refuse(verdict.reason);
        continue;
      }
      checked.push({
        id: upload.id,
        key: ref.key,
        field: ref.field,
        file: local!.path,
        etag: stat.etag,
        releaseFile: local!.release,
        size: stat.size,
        contentType: verdict.contentType,
        extension: verdict.extension,
      });
    }
    if (errors.length > 0) {
      await release(checked);
      throw unprocessable(groupByField(errors));
    }
    return checked;
  }

  /** Removes the local copies of checked uploads (made from a bucket), kept or given up. */
  async function release(checked: readonly CheckedUpload[]) {
    for (const upload of checked) await upload.releaseFile();
  }

  /**
   * Keeps checked uploads in one transaction: each is marked claimed (a concurrent claim loses
   * there, 422), `work` writes what they became, then each file moves to its destination. When
   * anything fails, including the commit, the moves are undone: nothing is left at a destination
   * and the uploads stay claimable (the transaction's rollback unmarks them). A file kept is the one
   * that was checked: an upload overwritten since answers 422 like a missing one.
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
          await store.move(upload.key, destination, { ifEtag: upload.etag }).catch((error: unknown) => {
            throw isMissing(error) ? notClaimable(upload.field) : error;
          });
          moved.push({ from: upload.key, to: destination });
        }
        return result;
      });
    } catch (error) {
      // Best effort: the error that stopped the claim is the one to report.
      for (const { from, to } of moved.reverse()) await store.move(to, from).catch(() => undefined);
      throw error;
    } finally {
      await release(items.map(({ upload }) => upload));
    }
  }

  return {
    /** Step 1 of the Vapor flow: a URL the browser PUTs the file to, without credentials. */
    async sign(user: User, body: SignedStorageUrlBody): Promise<SignedStorageUrl> {
      if (body.bucket !== LOCAL_BUCKET) {
        throw unprocessable({ bucket: [`The bucket must be "${LOCAL_BUCKET}".`] });
      }
      const uuid = randomUUID();
      const key = `${TMP_PREFIX}${uuid}`;
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
      if (store.presignPut) {
        const { url, headers } = await store.presignPut(key, body.content_type, UPLOAD_URL_TTL_SECONDS);
        return { uuid, bucket: LOCAL_BUCKET, key, url, headers: { ...headers, Host: new URL(url).host } };
      }
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
        return { size: await store.write(input.key, withFailpoint(input.body), maxUploadBytes) };
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
    /** Gives up checked uploads without keeping them (they stay claimable). */
    release,

    /** One upload checked and kept at `destination`, e.g. a package's zip. */
    async claim(companyId: number, key: string, destination: string, purpose: UploadPurpose) {
      const [upload] = await check(companyId, [{ key, field: 'key' }], purpose);
      await keep([{ upload: upload!, destination }], async () => undefined);
      return { size: upload!.size, contentType: upload!.contentType, extension: upload!.extension };
    },

    /** Stores bytes made on the server (e.g. a thumbnail) under `key`. */
    store: (key: string, bytes: Buffer) => store.writeBytes(key, bytes),

    /** Removes stored files; a missing one is no error. */
    async remove(keys: readonly string[]) {
      for (const key of keys) await store.remove(key);
    },

    /**
     * Removes temporary uploads nobody claimed within a day, then whatever else is older than that
     * under `tmp/`: a write a stopped process left, or a second PUT to a bucket after the claim.
     */
    async sweep(now = Date.now()) {
      const before = new Date(now - UNCLAIMED_TTL_MS);
      let removed = 0;
      for (;;) {
        const stale = await uploads.listStale(before.toISOString(), 500);
        if (stale.length === 0) break;
        for (const upload of stale) await store.remove(upload.key);
        await uploads.delete(stale.map((u) => u.id));
        removed += stale.length;
      }
      return removed + (await store.sweepTmp(before));
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
