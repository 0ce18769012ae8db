import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isMissing,
  isValidKey,
  type ListedObject,
  limitBytes,
  missingObject,
  type ObjectStore,
  TMP_PREFIX,
} from './object-store';

/** The entries of a folder; none when it does not exist. */
async function entriesOf(dir: string) {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** The local-disk bucket under DATA_DIR/storage: one instance, or several sharing one disk. */
/** The first `bytes` bytes of a local file (fewer when it is shorter). */
export async function readFileHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function createLocalDisk(root: string) {
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  const stat = async (key: string) => {
    try {
      const found = await fs.promises.stat(pathOf(key));
      return found.isFile() ? found : undefined;
    } catch {
      return undefined;
    }
  };

  const folderOf = (prefix: string) => pathOf(prefix.replace(/\/+$/, ''));

  /** Files under `dir`, depth first; `key` is the key of `dir` itself. */
  async function* walk(dir: string, key: string): AsyncGenerator<ListedObject> {
    for (const entry of await entriesOf(dir)) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file, `${key}/${entry.name}`);
      else if (entry.isFile()) {
        const found = await fs.promises.stat(file).catch(() => undefined);
        if (found) yield { key: `${key}/${entry.name}`, size: found.size };
      }
    }
  }

  const store = {
    driver: 'local',
    pathOf,

    /** Streams into a temporary file and renames it in place, so readers never see half a file. */
    async write(key: string, body: Readable, maxBytes: number): Promise<number> {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      let size = 0;
      const file = fs.createWriteStream(partial);
      try {
        await pipeline(
          body,
          (source: AsyncIterable<Buffer>) => limitBytes(source, maxBytes, (n) => (size = n)),
          file,
        );
        await fs.promises.rename(partial, target);
        return size;
      } catch (error) {
        // A failed pipeline answers before the file stream it destroyed has closed, and one still
        // opening creates its file after that: removed only once it is closed, nothing is left.
        if (!file.closed) await once(file, 'close').catch(() => {});
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },

    async writeBytes(key: string, bytes: Buffer): Promise<number> {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      await fs.promises.writeFile(partial, bytes);
      await fs.promises.rename(partial, target);
      return bytes.length;
    },

    async stat(key: string) {
      const found = await stat(key);
      return found && { size: found.size, etag: `${found.size}-${found.mtimeMs}-${found.ino}` };
    },

    async read(key: string) {
      if (!(await stat(key))) throw missingObject(key);
      return fs.createReadStream(pathOf(key));
    },

    readHead: (key: string, bytes: number) => readFileHead(pathOf(key), bytes),

    /** A rename: the object's bytes cannot change on the way, so `ifEtag` needs no check here. */
    async move(from: string, to: string) {
      const target = pathOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(pathOf(from), target);
    },

    remove: (key: string) => fs.promises.rm(pathOf(key), { force: true }),

    removeAll: (prefix: string) => fs.promises.rm(folderOf(prefix), { recursive: true, force: true }),

    list: (prefix: string) => walk(folderOf(prefix), prefix.replace(/\/+$/, '')),

    async *folders(prefix: string) {
      for (const entry of await entriesOf(folderOf(prefix))) if (entry.isDirectory()) yield entry.name;
    },

    async localFile(key: string) {
      if (!(await stat(key))) throw missingObject(key);
      return { path: pathOf(key), release: async () => undefined };
    },

    /** Unclaimed uploads, and the `.part` files of writes a stopped process left behind. */
    async sweepTmp(before: Date) {
      const dir = pathOf(TMP_PREFIX.replace(/\/$/, ''));
      let names: string[];
      try {
        names = await fs.promises.readdir(dir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const found = await fs.promises.stat(file).catch(() => undefined);
        if (!found?.isFile() || found.mtimeMs >= before.getTime()) continue;
        await fs.promises.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  } satisfies ObjectStore & { pathOf(key: string): string };
  return store;
}
export type LocalDisk = ReturnType<typeof createLocalDisk>;
