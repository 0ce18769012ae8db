import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import {
  isValidKey,
  limitBytes,
  missingObject,
  type ObjectStore,
  type ServedAs,
  scratchFile,
  TMP_PREFIX,
} from './object-store';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Parts of a streamed write: S3's smallest, so memory stays flat for any size of file. */
const PART_BYTES = 5 * 1024 * 1024;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** S3 spells a failed precondition (an `If-Match` on a changed object) 412. */
const preconditionFailed = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'PreconditionFailed' || error.$metadata.httpStatusCode === 412);

/**
 * An S3-compatible bucket (docs/design.md §1 and §2): uploads are PUT straight to it with presigned
 * URLs (Vapor's flow), objects are served through presigned GETs, claims are server-side copies.
 * Credentials come from the standard AWS chain (AWS_ACCESS_KEY_ID…, a profile, an instance role).
 */
export function createS3Store(config: S3Config, client = s3Client(config)): ObjectStore {
  const bucket = config.bucket;
  const check = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };

  async function write(key: string, body: Readable, maxBytes: number): Promise<number> {
    let size = 0;
    // The upload sends whole parts only; an object exists once the last one is in (atomic).
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: check(key),
        Body: Readable.from(limitBytes(body, maxBytes, (n) => (size = n))),
      },
      partSize: PART_BYTES,
      queueSize: 1,
    });
    await upload.done();
    return size;
  }

  async function stat(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: check(key) }));
      return { size: Number(head.ContentLength ?? 0), etag: head.ETag ?? '' };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async function read(key: string, range?: string): Promise<Readable> {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: check(key), Range: range }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (notFound(error)) throw missingObject(key);
      throw error;
    }
  }

  async function remove(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: check(key) }));
  }

  /** Objects under `prefix`, a page (up to 1,000) at a time; with `delimiter`, the folders too. */
  async function* pages(prefix: string, delimiter?: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          ContinuationToken: token,
          ...(delimiter ? { Delimiter: delimiter } : {}),
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function* list(prefix: string) {
    for await (const page of pages(prefix)) yield page.Contents ?? [];
  }

  /** `packages/12` and `packages/12/` both name the folder `packages/12/`. */
  const folderOf = (prefix: string) => `${check(prefix.replace(/\/+$/, ''))}/`;

  async function removeKeys(keys: string[]) {
    if (keys.length === 0) return;
    await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }

  return {
    driver: 's3',
    write,
    writeBytes: (key, bytes) => write(key, Readable.from([bytes]), bytes.length),
    stat,
    read: (key) => read(key),

    async readHead(key, bytes) {
      const chunks: Buffer[] = [];
      for await (const chunk of await read(key, `bytes=0-${bytes - 1}`)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).subarray(0, bytes);
    },

    /** A server-side copy, then the source's removal; with `ifEtag`, the copy takes only those bytes. */
    async move(from, to, { ifEtag } = {}) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: check(to),
            CopySource: `${bucket}/${check(from).split('/').map(encodeURIComponent).join('/')}`,
            ...(ifEtag ? { CopySourceIfMatch: ifEtag } : {}),
          }),
        );
      } catch (error) {
        if (notFound(error) || preconditionFailed(error)) throw missingObject(from);
        throw error;
      }
      await remove(from);
    },

    remove,

    async removeAll(prefix) {
      for await (const page of list(folderOf(prefix)))
        await removeKeys(page.flatMap((o) => (o.Key ? [o.Key] : [])));
    },

    async *list(prefix) {
      for await (const page of list(folderOf(prefix)))
        for (const o of page) if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0) };
    },

    async *folders(prefix) {
      const base = folderOf(prefix);
      for await (const page of pages(base, '/'))
        for (const folder of page.CommonPrefixes ?? [])
          if (folder.Prefix) yield folder.Prefix.slice(base.length).replace(/\/$/, '');
    },

    /** Downloads the object into a scratch file, streamed. */
    async localFile(key) {
      const local = await scratchFile(key.split('/').pop() ?? 'object', 'adstudio-s3-');
      try {
        await pipeline(await read(key), fs.createWriteStream(local.path));
        return local;
      } catch (error) {
        await local.release();
        throw error;
      }
    },

    async sweepTmp(before) {
      let removed = 0;
      for await (const page of list(TMP_PREFIX)) {
        const old = page.filter((o) => o.Key && o.LastModified && o.LastModified < before).map((o) => o.Key!);
        await removeKeys(old);
        removed += old.length;
      }
      return removed;
    },

    /**
     * A PUT URL that takes the declared Content-Type and, on a store that honours it, one write only
     * (`If-None-Match: *`): a second PUT to the key is refused instead of replacing what was checked.
     */
    async presignPut(key, contentType, expiresSeconds) {
      const headers = { 'Content-Type': contentType, 'If-None-Match': '*' };
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: check(key), ContentType: contentType, IfNoneMatch: '*' }),
        { expiresIn: expiresSeconds, signableHeaders: new Set(['content-type', 'if-none-match']) },
      );
      return { url, headers };
    },

    presignGet: (key: string, servedAs: ServedAs, expiresSeconds: number) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: check(key),
          ResponseContentType: servedAs.contentType,
          ResponseContentDisposition: servedAs.disposition,
          ResponseCacheControl: servedAs.cacheControl,
        }),
        { expiresIn: Math.max(1, expiresSeconds) },
      ),
  };
}

/**
 * The client: checksums only where S3 requires them, since a presigned PUT would otherwise carry
 * the checksum of an empty body and refuse the real one.
 */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
