import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Keys look like `tmp/<uuid>` or `assets/<company>/<name>`: no dot segments, no absolute paths. */
const KEY_SHAPE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const isValidKey = (key: string) =>
  KEY_SHAPE.test(key) && !key.split('/').some((part) => part === '..' || part === '.');

/** Where uploads wait until they are claimed (docs/design.md §4). */
export const TMP_PREFIX = 'tmp/';

/** A stored object: its size and a tag that changes whenever its bytes do. */
export interface StoredObject {
  size: number;
  etag: string;
}

/** An object found by listing a prefix. */
export interface ListedObject {
  key: string;
  size: number;
}

/** A stored object as a file on this machine, for readers that need one (zips, images, feeds). */
export interface LocalFile {
  path: string;
  /** Removes the copy, when one was made; the stored object stays. */
  release(): Promise<void>;
}

/** A URL a client sends bytes to (or reads them from) without credentials, and the headers it must send. */
export interface PresignedRequest {
  url: string;
  headers: Record<string, string>;
}

/** What a stored object is served as when read through a presigned URL. */
export interface ServedAs {
  contentType: string;
  disposition: string;
  cacheControl: string;
}

/**
 * The file store (docs/design.md §1 and §9): local disk under DATA_DIR/storage, or an S3-compatible
 * bucket. Writes are atomic (a reader sees the whole object or none); a missing object is an error
 * whose `code` is `ENOENT`, as a missing file is.
 */
export interface ObjectStore {
  readonly driver: 'local' | 's3';
  /** Streams `body` into `key`; refuses more than `maxBytes` (TooLargeError) and keeps nothing then. */
  write(key: string, body: Readable, maxBytes: number): Promise<number>;
  /** Stores bytes made on the server (a thumbnail, a demo file). */
  writeBytes(key: string, bytes: Buffer): Promise<number>;
  stat(key: string): Promise<StoredObject | undefined>;
  read(key: string): Promise<Readable>;
  /** The first `bytes` bytes (fewer when the object is shorter). */
  readHead(key: string, bytes: number): Promise<Buffer>;
  /** Moves an object; with `ifEtag`, only while it still holds the bytes that tag names. */
  move(from: string, to: string, options?: { ifEtag?: string }): Promise<void>;
  /** A missing object is no error. */
  remove(key: string): Promise<void>;
  /** Removes every object under `prefix` (e.g. `packages/12/`). */
  removeAll(prefix: string): Promise<void>;
  /** Every object under `prefix`, at any depth, in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** The names of the folders right under `prefix` (`packages/` → `12`, `13`, …), in no particular order. */
  folders(prefix: string): AsyncIterable<string>;
  /** The object as a local file: the file itself on local disk, a downloaded copy from a bucket. */
  localFile(key: string): Promise<LocalFile>;
  /** Removes objects under `tmp/` last written before `before` (unclaimed or abandoned uploads). */
  sweepTmp(before: Date): Promise<number>;
  /** A presigned PUT straight to the bucket; undefined when the app itself receives uploads. */
  presignPut?(key: string, contentType: string, expiresSeconds: number): Promise<PresignedRequest>;
  /** A presigned GET straight from the bucket; undefined when the app itself serves objects. */
  presignGet?(key: string, servedAs: ServedAs, expiresSeconds: number): Promise<string>;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file may not be greater than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
}

/** The error a missing object answers, shaped like a missing file's. */
export function missingObject(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored object ${key}`), { code: 'ENOENT' });
}

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Counts bytes through a stream and stops it past `maxBytes`. */
export async function* limitBytes(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
  counted: (size: number) => void,
) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw new TooLargeError(maxBytes);
    counted(size);
    yield chunk;
  }
}

/** A file in a folder of its own under the OS's temporary directory; release removes both. */
export async function scratchFile(name: string, prefix = 'adstudio-'): Promise<LocalFile> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  return {
    path: path.join(dir, name),
    release: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
}
