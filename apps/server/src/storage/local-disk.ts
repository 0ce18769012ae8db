import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Keys look like `tmp/<uuid>` or `assets/<company>/<name>`: no dot segments, no absolute paths. */
const KEY_SHAPE = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const isValidKey = (key: string) =>
  KEY_SHAPE.test(key) && !key.split('/').some((part) => part === '..' || part === '.');

/** The local-disk bucket under DATA_DIR/storage. */
export function createLocalDisk(root: string) {
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    pathOf,

    /** Streams into a temporary file and renames it in place, so readers never see half a file. */
    async write(key: string, body: Readable, maxBytes: number): Promise<number> {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > maxBytes) throw new TooLargeError(maxBytes);
              yield chunk;
            }
          },
          fs.createWriteStream(partial),
        );
        await fs.promises.rename(partial, target);
        return size;
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },

    async stat(key: string) {
      try {
        return await fs.promises.stat(pathOf(key));
      } catch {
        return undefined;
      }
    },

    read: (key: string) => fs.createReadStream(pathOf(key)),

    async move(from: string, to: string) {
      const target = pathOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(pathOf(from), target);
    },

    remove: (key: string) => fs.promises.rm(pathOf(key), { force: true }),

    /** Stores bytes made on the server (a thumbnail, a demo file) under `key`. */
    writeBytes(key: string, bytes: Buffer): Promise<number> {
      return this.write(key, Readable.from([bytes]), bytes.length);
    },

    /** Removes every object under `prefix` (e.g. `packages/12/`); nothing there is no error. */
    removeAll: (prefix: string) =>
      fs.promises.rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true }),
  };
}
export type LocalDisk = ReturnType<typeof createLocalDisk>;

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file may not be greater than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
}
