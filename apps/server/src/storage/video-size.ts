import fs from 'node:fs';

/**
 * A video's pixel size from its container's headers (MP4/MOV, WebM/Matroska), read with positioned
 * reads: only headers, never sample data, and a bounded number of them.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * Pixel size of a video from its container headers (MP4/MOV, WebM/Matroska); null when not found.
 * Rejects only when the file cannot be opened.
 */
export async function videoPixelSize(file: string): Promise<PixelSize | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const reader = createReader(handle, (await handle.stat()).size);
    const head = await reader.read(0, 8);
    if (head.length >= 4 && head.readUInt32BE(0) === EBML.header) return await matroskaSize(reader);
    if (head.length === 8 && ISO_FIRST_BOXES.has(head.toString('latin1', 4, 8))) return await isoSize(reader);
    return null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

export const positive = (width: number, height: number): PixelSize | null =>
  Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? { width, height } : null;

interface Reader {
  size: number;
  /** Up to `length` bytes at `position`; fewer at the end of the file. */
  read(position: number, length: number): Promise<Buffer>;
}

/** Headers come in runs of small reads; one window of read-ahead serves them (memory stays flat). */
const READ_AHEAD_BYTES = 64 * 1024;

function createReader(handle: fs.promises.FileHandle, size: number): Reader {
  let window = { position: 0, bytes: Buffer.alloc(0) };
  return {
    size,
    async read(position, length) {
      const wanted = Math.max(0, Math.min(length, size - position));
      const offset = position - window.position;
      if (offset >= 0 && offset + wanted <= window.bytes.length)
        return window.bytes.subarray(offset, offset + wanted);
      const buffer = Buffer.alloc(Math.max(0, Math.min(Math.max(wanted, READ_AHEAD_BYTES), size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      window = { position, bytes: buffer.subarray(0, bytesRead) };
      return window.bytes.subarray(0, Math.min(wanted, bytesRead));
    },
  };
}

/** Boxes or elements one file may make us look at; a malformed file ends in null, not in a long walk. */
const MAX_HEADERS_READ = 10_000;
type Budget = { left: number };

// ISO base media (MP4, MOV, M4V, 3GP): moov → trak → (tkhd, mdia → hdlr).

const ISO_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid']);

interface IsoBox {
  type: string;
  body: number;
  end: number;
}

async function isoSize(reader: Reader): Promise<PixelSize | null> {
  const budget = { left: MAX_HEADERS_READ };
  for await (const box of isoBoxes(reader, 0, reader.size, budget)) {
    if (box.type === 'moov') return moovVideoSize(reader, box, budget);
  }
  return null;
}

async function* isoBoxes(reader: Reader, start: number, end: number, budget: Budget): AsyncGenerator<IsoBox> {
  let position = start;
  while (position + 8 <= end && budget.left-- > 0) {
    const head = await reader.read(position, 16);
    if (head.length < 8) return;
    const type = head.toString('latin1', 4, 8);
    let size = head.readUInt32BE(0);
    let body = position + 8;
    if (size === 1) {
      if (head.length < 16) return;
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return;
      size = Number(large);
      body = position + 16;
    } else if (size === 0) {
      size = end - position; // "to the end of the file" (or of the parent)
    }
    // A box smaller than its header or past its parent's end: malformed or truncated.
    if (position + size < body || position + size > end) return;
    yield { type, body, end: position + size };
    position += size;
  }
}

async function moovVideoSize(reader: Reader, moov: IsoBox, budget: Budget): Promise<PixelSize | null> {
  for await (const trak of isoBoxes(reader, moov.body, moov.end, budget)) {
    if (trak.type !== 'trak') continue;
    let header: Buffer | undefined;
    let video = false;
    for await (const child of isoBoxes(reader, trak.body, trak.end, budget)) {
      if (child.type === 'tkhd') header = await reader.read(child.body, Math.min(child.end - child.body, 96));
      if (child.type !== 'mdia') continue;
      for await (const media of isoBoxes(reader, child.body, child.end, budget)) {
        if (media.type !== 'hdlr') continue;
        // version/flags, pre_defined (QuickTime: component type), then the handler (subtype).
        const hdlr = await reader.read(media.body, Math.min(media.end - media.body, 12));
        video = hdlr.length === 12 && hdlr.toString('latin1', 8, 12) === 'vide';
      }
    }
    const size = video && header ? trackHeaderSize(header) : null;
    if (size) return size;
  }
  return null;
}

/** tkhd: width/height are 16.16 fixed point after the matrix; a quarter-turn matrix swaps them. */
function trackHeaderSize(tkhd: Buffer): PixelSize | null {
  const version = tkhd[0];
  if (version !== 0 && version !== 1) return null;
  // version/flags, then times, track id, reserved and duration (32- or 64-bit times).
  const matrix = 4 + (version === 1 ? 32 : 20) + 16;
  if (tkhd.length < matrix + 44) return null;
  const width = Math.round(tkhd.readUInt32BE(matrix + 36) / 0x10000);
  const height = Math.round(tkhd.readUInt32BE(matrix + 40) / 0x10000);
  const [a, b, c, d] = [0, 4, 12, 16].map((at) => tkhd.readInt32BE(matrix + at));
  const quarterTurn = a === 0 && d === 0 && b !== 0 && c !== 0;
  return quarterTurn ? positive(height, width) : positive(width, height);
}

// Matroska / WebM (EBML): Segment → Tracks → TrackEntry → Video → PixelWidth/PixelHeight.

const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  void: 0xec,
  crc32: 0xbf,
} as const;
const VIDEO_TRACK = 1;
/** Tracks hold codec setup only: kilobytes. More than this is not a file we want to read further. */
const MAX_TRACKS_BYTES = 1024 * 1024;
const MAX_SEEK_HEAD_BYTES = 64 * 1024;

interface EbmlElement {
  id: number;
  data: number;
  /** null: unknown size (allowed for Segment and Cluster, e.g. live recordings). */
  size: number | null;
}

async function matroskaSize(reader: Reader): Promise<PixelSize | null> {
  let position = 0;
  let segmentData: number | undefined;
  let sought = false;
  // Walks level by level, stepping into the Segment and into any unknown-size element (its children
  // follow it directly), skipping everything else by its size, until the Tracks element comes by.
  for (let budget = MAX_HEADERS_READ; budget > 0 && position < reader.size; budget--) {
    const element = await ebmlElementAt(reader, position);
    if (!element || (position === 0 && element.id !== EBML.header)) return null;
    const { id, data, size } = element;
    if (id === EBML.tracks)
      return tracksVideoSize(await reader.read(data, Math.min(size ?? Infinity, MAX_TRACKS_BYTES)));
    if (id === EBML.segment) segmentData = data;
    if (id === EBML.segment || size === null) {
      position = data;
      continue;
    }
    if (id === EBML.seekHead && segmentData !== undefined && !sought && size <= MAX_SEEK_HEAD_BYTES) {
      // Files with many clusters before their Tracks (rare) are found through the index.
      sought = true;
      const at = seekPositionOfTracks(await reader.read(data, size));
      const target = at === null ? null : await ebmlElementAt(reader, segmentData + at);
      if (target?.id === EBML.tracks) {
        return tracksVideoSize(
          await reader.read(target.data, Math.min(target.size ?? Infinity, MAX_TRACKS_BYTES)),
        );
      }
    }
    position = data + size;
  }
  return null;
}

async function ebmlElementAt(reader: Reader, position: number): Promise<EbmlElement | null> {
  const head = await reader.read(position, 12);
  const id = readVint(head, 0, true);
  if (!id || id.length > 4) return null;
  const size = readVint(head, id.length, false);
  if (!size) return null;
  return { id: id.value, data: position + id.length + size.length, size: size.unknown ? null : size.value };
}

/** An EBML variable-length integer: the leading zero bits of its first byte give its length. */
function readVint(
  buffer: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = buffer[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > buffer.length) return null;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let allOnes = (first & mask) === mask;
  for (let i = 1; i < length; i++) {
    const byte = buffer[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  if (!keepMarker && allOnes) return { value: 0, length, unknown: true };
  if (value > Number.MAX_SAFE_INTEGER) return null;
  return { value, length, unknown: false };
}

/** Children of an element held in memory; stops at anything malformed or past `end`. */
function* ebmlChildren(buffer: Buffer, start: number, end: number): Generator<{ id: number; body: Buffer }> {
  let position = start;
  for (let budget = MAX_HEADERS_READ; budget > 0 && position < end; budget--) {
    const id = readVint(buffer, position, true);
    if (!id || id.length > 4) return;
    const size = readVint(buffer, position + id.length, false);
    if (!size) return;
    const data = position + id.length + size.length;
    const next = size.unknown ? end : data + size.value;
    if (next > end) return;
    yield { id: id.value, body: buffer.subarray(data, next) };
    position = next;
  }
}

function ebmlUint(body: Buffer): number | null {
  if (body.length === 0 || body.length > 8) return null;
  let value = 0;
  for (const byte of body) value = value * 256 + byte;
  return value <= Number.MAX_SAFE_INTEGER ? value : null;
}

/** The unsigned integers of two kinds of child of an element (the last of each, when one repeats). */
function ebmlUints(body: Buffer, first: number, second: number): [number | null, number | null] {
  let a: number | null = null;
  let b: number | null = null;
  for (const child of ebmlChildren(body, 0, body.length)) {
    if (child.id === first) a = ebmlUint(child.body);
    if (child.id === second) b = ebmlUint(child.body);
  }
  return [a, b];
}

function tracksVideoSize(tracks: Buffer): PixelSize | null {
  for (const entry of ebmlChildren(tracks, 0, tracks.length)) {
    if (entry.id === EBML.void || entry.id === EBML.crc32) continue;
    if (entry.id !== EBML.trackEntry) return null;
    let type: number | null = null;
    let size: PixelSize | null = null;
    for (const field of ebmlChildren(entry.body, 0, entry.body.length)) {
      if (field.id === EBML.trackType) type = ebmlUint(field.body);
      if (field.id !== EBML.video) continue;
      const [width, height] = ebmlUints(field.body, EBML.pixelWidth, EBML.pixelHeight);
      size = width !== null && height !== null ? positive(width, height) : null;
    }
    if (type === VIDEO_TRACK && size) return size;
  }
  return null;
}

/** The Tracks position (relative to the Segment's data) named by a SeekHead, if any. */
function seekPositionOfTracks(seekHead: Buffer): number | null {
  for (const seek of ebmlChildren(seekHead, 0, seekHead.length)) {
    if (seek.id !== EBML.seek) continue;
    const [id, position] = ebmlUints(seek.body, EBML.seekId, EBML.seekPosition);
    if (id === EBML.tracks && position !== null) return position;
  }
  return null;
}
