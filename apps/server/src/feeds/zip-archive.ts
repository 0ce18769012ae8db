import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { FeedError } from './feed-table';

/** A zip file opened for random access: its directory in memory, each part streamed on demand. */
export interface ZipArchive {
  /** The entry's name as stored, found ignoring case (OPC part names are case-insensitive). */
  find(name: string): string | undefined;
  size(name: string): number;
  /** The part's bytes, unpacked as they are read. */
  read(name: string): AsyncGenerator<Buffer>;
  /** Resolves once the file is closed. */
  close(): Promise<void>;
}

const DEFLATE = 8;
const INFLATED_CHUNK = 256 * 1024;

export const damagedXlsx = (what: string) =>
  new FeedError(
    `The XLSX file is damaged or incomplete (${what}): export it from the spreadsheet again and retry.`,
  );

export async function openZip(file: string): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch {
    throw damagedXlsx('its zip directory cannot be read');
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
  } catch {
    zip.close();
    throw damagedXlsx('its zip directory cannot be read');
  }

  const reading = new Set<Readable>();
  const entry = (name: string) => {
    const found = entries.get(name.toLowerCase());
    if (!found) throw damagedXlsx(`${name} is missing`);
    return found;
  };
  return {
    find: (name) => entries.get(name.toLowerCase())?.fileName,
    size: (name) => entry(name).uncompressedSize,
    async *read(name) {
      const part = entry(name);
      if (part.isEncrypted())
        throw new FeedError('The XLSX file is password-protected: remove the password first.');
      let stream: Readable | undefined;
      let raw: Readable | undefined;
      try {
        if (part.compressionMethod === DEFLATE) {
          // Inflated here rather than by yauzl: its 16 KB chunks, each through two more streams,
          // cost twice the CPU of inflating a sheet's 2 GB in 256 KB chunks.
          raw = await zip.openReadStreamPromise(part, { decompress: false });
          reading.add(raw);
          stream = raw.pipe(zlib.createInflateRaw({ chunkSize: INFLATED_CHUNK }));
          raw.on('error', (error) => stream!.destroy(error));
        } else stream = await zip.openReadStreamPromise(part);
        reading.add(stream);
        let size = 0;
        for await (const chunk of stream) {
          size += (chunk as Buffer).length;
          if (size > part.uncompressedSize) break;
          yield chunk as Buffer;
        }
        // What yauzl checks when it inflates: the part is as long as the directory says.
        if (size !== part.uncompressedSize) throw damagedXlsx(`${name} cannot be unpacked`);
      } catch (error) {
        // Inflate and size errors surface while reading; they mean the same as a bad directory.
        throw error instanceof FeedError ? error : damagedXlsx(`${name} cannot be unpacked`);
      } finally {
        for (const open of [raw, stream]) {
          open?.destroy();
          if (open) reading.delete(open);
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!zip.isOpen) return resolve();
        // The file stays open while a part is being read, even by a reader nobody will resume.
        for (const stream of reading) stream.destroy();
        reading.clear();
        zip.once('close', () => resolve());
        zip.close();
      }),
  };
}
