import type { Readable } from 'node:stream';
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
      try {
        stream = await zip.openReadStreamPromise(part);
        reading.add(stream);
        for await (const chunk of stream) yield chunk as Buffer;
      } catch (error) {
        // Inflate and size errors surface while reading; they mean the same as a bad directory.
        throw error instanceof FeedError ? error : damagedXlsx(`${name} cannot be unpacked`);
      } finally {
        stream?.destroy();
        if (stream) reading.delete(stream);
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
