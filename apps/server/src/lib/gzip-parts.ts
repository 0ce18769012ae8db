import zlib from 'node:zlib';

/**
 * A document made of a fixed head and tail around a part that changes with every answer (a served
 * ad's click URL), gzipped without compressing the fixed parts again: they are deflated once, each
 * on its own window, the head flushed to a byte boundary; an answer is the gzip header, the head's
 * blocks, the changing part as a stored block, the tail's blocks (the last one final) and the
 * trailer. Back-references never reach outside the part that holds them, so the concatenation is
 * one valid deflate stream. gzip of a 4 KB document costs ~48 µs a call; this a CRC and a copy.
 */
export interface GzipParts {
  /** Raw deflate of the head, sync-flushed (ends on a byte boundary, no final block). */
  head: Buffer;
  /** Raw deflate of the tail, finished (its last block final). */
  tail: Buffer;
  headCrc: number;
  headLength: number;
  /** The tail as it is: its CRC continues the middle's. */
  plainTail: Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The CRC-32 of `data` continuing `value`. Empty data keeps the value: Node's `zlib.crc32` of an
 * empty buffer without a backing store answers zlib's initial 0 instead (seen on Node 20.20).
 */
const crc32 = (data: Buffer, value = 0) => (data.length === 0 ? value : zlib.crc32(data, value));
/** Bytes a stored block holds at most. */
const STORED_MAX = 0xffff;

/** A tail deflated once, for the heads of many documents that end the same (`gzipParts`). */
export interface GzipTail {
  deflated: Buffer;
  plain: Buffer;
}

export const gzipTail = (tail: Buffer): GzipTail => ({ deflated: zlib.deflateRawSync(tail), plain: tail });

/** `head` and `tail` deflated; a tail shared by many heads is given deflated already (`gzipTail`). */
export function gzipParts(head: Buffer, tail: Buffer | GzipTail): GzipParts {
  const { deflated, plain } = Buffer.isBuffer(tail) ? gzipTail(tail) : tail;
  return {
    head: zlib.deflateRawSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    tail: deflated,
    headCrc: crc32(head),
    headLength: head.length,
    plainTail: plain,
  };
}

/** The gzip of head + `middle` + tail. */
export function gzipAround(parts: GzipParts, middle: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(middle.length / STORED_MAX));
  const out = Buffer.allocUnsafe(
    GZIP_HEADER.length + parts.head.length + blocks * 5 + middle.length + parts.tail.length + 8,
  );
  let at = GZIP_HEADER.copy(out, 0);
  at += parts.head.copy(out, at);
  for (let from = 0, n = 0; n < blocks; n++, from += STORED_MAX) {
    const length = Math.min(STORED_MAX, middle.length - from);
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its complement, little-endian.
    out[at++] = 0;
    out.writeUInt16LE(length, at);
    out.writeUInt16LE(~length & 0xffff, at + 2);
    at += 4;
    at += middle.copy(out, at, from, from + length);
  }
  at += parts.tail.copy(out, at);
  out.writeUInt32LE(crc32(parts.plainTail, crc32(middle, parts.headCrc)) >>> 0, at);
  out.writeUInt32LE((parts.headLength + middle.length + parts.plainTail.length) >>> 0, at + 4);
  return out;
}
