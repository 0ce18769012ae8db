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
import { type LocalDisk, TooLargeError } from '../../storage/local-disk';
import type { Signer } from '../../storage/signer';
import type { UploadsRepository } from './uploads.repository';

/** A signed upload URL lives 5 minutes (DESIGN section 4). */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
/** Unclaimed temporary uploads are swept after a day. */
export const UNCLAIMED_TTL_MS = 24 * 3_600_000;

interface Deps {
  db: Db;
  uploads: UploadsRepository;
  disk: LocalDisk;
  signer: Signer;
  appUrl: string;
  maxUploadBytes: number;
}

export function createUploadsService({ db, uploads, disk, signer, appUrl, maxUploadBytes }: Deps) {
  const signedUrl = (method: 'GET' | 'PUT', key: string, contentType: string, expires: number) =>
    `${appUrl}/storage/${key}?${signer.query({ method, key, contentType, expires })}`;

  return {
    /** Step 1 of the Vapor flow: a URL the browser PUTs the file to, without credentials. */
    async sign(user: User, body: SignedStorageUrlBody): Promise<SignedStorageUrl> {
      if (body.bucket !== undefined && body.bucket !== LOCAL_BUCKET) {
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
        visibility: body.visibility ?? null,
        expires_at: new Date(expires * 1000).toISOString(),
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

    /** Step 2: the signed PUT, streamed to disk. */
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
      try {
        return { size: await disk.write(input.key, input.body, maxUploadBytes) };
      } catch (error) {
        if (error instanceof TooLargeError) throw new HttpError(413, error.message);
        throw error;
      }
    },

    /** A signed GET URL for a stored object, e.g. an asset. */
    readUrl: (key: string, contentType: string, ttlSeconds = 3600) =>
      signedUrl('GET', key, contentType, Math.floor(Date.now() / 1000) + ttlSeconds),

    verifyRead: (key: string, contentType: string, expires: number, signature: string | undefined) =>
      signer.verify({ method: 'GET', key, contentType, expires }, signature),

    /**
     * Turns an uploaded temporary object into a permanent one at `destination` (e.g. when an asset
     * is created from it). Only the uploader's company may claim it, and only once.
     */
    async claim(companyId: number, key: string, destination: string, trx: Db = db) {
      const upload = await uploads.findUnclaimedInCompany(key, companyId, trx);
      const stat = upload ? await disk.stat(key) : undefined;
      if (!upload || !stat)
        throw unprocessable({ key: ['The upload was not found or has already been used.'] });
      const claimed = await uploads.markClaimed(upload.id, nowIso(), trx);
      if (Number(claimed.numUpdatedRows) !== 1) {
        throw unprocessable({ key: ['The upload was not found or has already been used.'] });
      }
      await disk.move(key, destination);
      return { size: stat.size, contentType: upload.content_type };
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
