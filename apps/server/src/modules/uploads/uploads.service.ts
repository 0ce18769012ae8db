import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LOCAL_BUCKET,
  type SignedStorageUrl,
  type SignedStorageUrlBody,
  type User,
} from '@adstudio/contract';
import type { Db } from '../../db/database';
import { HttpError, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
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

const notClaimable = () => unprocessable({ key: ['The upload was not found or has already been used.'] });

export function createUploadsService({
  db,
  uploads,
  disk,
  signer,
  appUrl,
  maxUploadBytes,
  purposeMaxBytes = {},
}: Deps) {
  /** Reads what the bytes are; a concurrent claim may have moved them away meanwhile. */
  const sniffStored = (key: string) =>
    sniffFile(disk.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? notClaimable() : error;
    });

  const signedUrl = (method: 'GET' | 'PUT', key: string, contentType: string, expires: number) =>
    `${appUrl}/storage/${key}?${signer.query({ method, key, contentType, expires })}`;

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

    /**
     * Turns an uploaded temporary object into a permanent one at `destination` (e.g. when an asset
     * is created from it). Only the uploader's company may claim it, only once, and only when its
     * bytes are a type `purpose` allows (matching what was declared) within its size limit; a
     * refused upload is deleted, file and row. Inside a caller's transaction the row's deletion
     * rolls back with it, but the file is gone, so the row can never be claimed and the sweep
     * removes it.
     */
    async claim(companyId: number, key: string, destination: string, purpose: UploadPurpose, trx: Db = db) {
      const upload = await uploads.findReceivedInCompany(key, companyId, trx);
      // The object exists only once its PUT has finished writing it.
      const stat = upload ? await disk.stat(key) : undefined;
      if (!upload || !stat?.isFile()) throw notClaimable();

      const maxBytes = Math.min(purposeMaxBytes[purpose] ?? PURPOSE_MAX_BYTES[purpose], maxUploadBytes);
      const problem = sizeProblem(stat.size, maxBytes);
      const verdict = problem
        ? ({ ok: false, reason: problem } as const)
        : judgeContent(purpose, upload.content_type, await sniffStored(key));
      if (!verdict.ok) {
        // A concurrent claim that already took the upload keeps its file.
        if (await uploads.deleteUnclaimed(upload.id, trx)) await disk.remove(key);
        throw unprocessable({ key: [verdict.reason] });
      }

      if (!(await uploads.markClaimed(upload.id, nowIso(), trx))) throw notClaimable();
      await disk.move(key, destination);
      return { size: stat.size, contentType: verdict.contentType, extension: verdict.extension };
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
