import { open } from 'node:fs/promises';
import { FEED_LIMITS, FeedError } from './feed-table';

/** What a feed file's first bytes say it is. */
export type SniffedKind = 'zip' | 'text';

const HEAD_BYTES = 512;

/**
 * Looks at a feed file's size and first bytes. Throws FeedError for what can never be a feed: a
 * file over the size limit, an empty one, a web page (what Google answers for a sheet that is
 * not shared), other XML, or an old binary Excel file.
 */
export async function sniffFile(file: string, maxBytes: number = FEED_LIMITS.bytes): Promise<SniffedKind> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) {
      const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
      throw new FeedError(`The file is ${mb(size)} MB; the most a feed may be is ${mb(maxBytes)} MB.`);
    }
    if (size === 0) throw new FeedError('The file is empty.');
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  return sniffBytes(head);
}

export function sniffBytes(head: Buffer): SniffedKind {
  if (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 3 || head[2] === 5) &&
    (head[3] === 4 || head[3] === 6)
  ) {
    return 'zip';
  }
  if (head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw new FeedError(
      'This is an old Excel (.xls) file or a password-protected workbook: save it as .xlsx without a password, or as CSV.',
    );
  }
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<?xml') && !/<html/.test(text)) {
    throw new FeedError('This is an XML file, not a spreadsheet: export the sheet as XLSX or CSV.');
  }
  if (text.startsWith('<')) {
    throw new FeedError(
      'This is a web page, not a spreadsheet: is the sheet shared with anyone with the link?',
    );
  }
  return 'text';
}
