import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FeedError } from './feed-table';

export interface SharedStringsOptions {
  /** The text held in memory; past it, all of it goes to a temporary file. */
  memoryBytes?: number;
  /** The text a workbook may hold at all (its UTF-8, in memory or in the file; offsets are 32-bit). */
  maxBytes?: number;
  /** Blocks of the text: what one read of the file fetches and the cache holds. */
  blockBytes?: number;
  /** The blocks read back from the file that stay in memory, most recently used kept. */
  cacheBytes?: number;
  /** Where the file goes (the OS temp dir). */
  tempDir?: string;
}

const DEFAULTS = {
  memoryBytes: 64 * 2 ** 20,
  // Five times the 700,000-row feed's 370 MB, and within the 32-bit offsets: past it, a file is
  // no feed (a zip bomb, say) and would only fill the disk.
  maxBytes: 2 * 2 ** 30,
  blockBytes: 64 * 2 ** 10,
  cacheBytes: 16 * 2 ** 20,
  tempDir: '',
} satisfies Required<SharedStringsOptions>;

/** Offsets are kept in pages of this many: no doubling copy of one big array as strings come. */
const PAGE = 2 ** 16;

/**
 * A workbook's shared strings, held compactly: their UTF-8 bytes in fixed blocks and where each
 * string starts, a string decoded only when a cell uses it. As JavaScript strings, the strings of
 * a large feed take several times the memory and keep the garbage collector busy for the whole read.
 *
 * Up to `memoryBytes` of text the blocks stay in memory. Past it (a 700,000-row feed has 10.9
 * million strings, ~370 MB) they go to a temporary file and only the offsets stay (4 bytes a
 * string), with a small cache of blocks read back: cells refer to strings mostly in the order the
 * strings first appeared, so reads walk the file nearly in order and a block serves many cells.
 * `get` stays synchronous (a cell's value is made in the sheet tokenizer's callback); reading a
 * block is one `readSync` of 64 KB. Whoever holds strings that may have spilled must `close` them.
 */
export class SharedStrings {
  private readonly options: Required<SharedStringsOptions>;
  /** The blocks of text; after a spill, only the one being filled (the rest are in the file). */
  private readonly blocks: (Buffer | undefined)[] = [];
  /** `startOf(i)` to `startOf(i + 1)` are string i's bytes. */
  private readonly pages: Uint32Array[] = [];
  private count = 0;
  private used = 0;
  /** The temporary file's descriptor; the file has no name once opened. */
  private fd: number | undefined;
  /** The blocks before this one are in the file. */
  private inFile = 0;
  /** Blocks read back from the file, least recently used first. */
  private readonly cache = new Map<number, Buffer>();
  /** The block read last: cells in a row mostly refer to the same block, and a Map costs. */
  private lastIndex = -1;
  private lastBlock: Buffer | undefined;
  /** Where a string over more than one block is put together. */
  private scratch = Buffer.alloc(0);
  private closed = false;

  constructor(options: SharedStringsOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.setStart(0, 0);
  }

  get length(): number {
    return this.count;
  }

  /** Whether the text went to a temporary file. */
  get spilled(): boolean {
    return this.fd !== undefined;
  }

  add(text: string): void {
    this.assertOpen();
    const { blockBytes } = this.options;
    const offset = this.used % blockBytes;
    // UTF-8 takes at most 3 bytes for each UTF-16 unit: most strings surely fit the block's room.
    if (text.length * 3 <= blockBytes - offset) {
      this.used += this.blockAt(this.used).write(text, offset, 'utf8');
    } else {
      const bytes = Buffer.from(text, 'utf8');
      for (let at = 0; at < bytes.length; ) {
        const into = this.used % blockBytes;
        const n = bytes.copy(
          this.blockAt(this.used),
          into,
          at,
          Math.min(bytes.length, at + blockBytes - into),
        );
        at += n;
        this.used += n;
      }
    }
    if (this.used > this.options.maxBytes) {
      throw new FeedError(
        'The XLSX file holds more text than a feed can take: split it or upload it as CSV.',
      );
    }
    this.count++;
    this.setStart(this.count, this.used);
  }

  get(index: number): string | undefined {
    this.assertOpen();
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = this.startOf(index);
    const end = this.startOf(index + 1);
    if (start === end) return '';
    const { blockBytes } = this.options;
    const first = Math.floor(start / blockBytes);
    const last = Math.floor((end - 1) / blockBytes);
    if (first === last) {
      const base = first * blockBytes;
      return this.block(first).toString('utf8', start - base, end - base);
    }
    if (this.scratch.length < end - start)
      this.scratch = Buffer.allocUnsafe(Math.max(end - start, blockBytes));
    for (let k = first, to = 0; k <= last; k++) {
      const base = k * blockBytes;
      const from = Math.max(start, base) - base;
      const until = Math.min(end, base + blockBytes) - base;
      to += this.block(k).copy(this.scratch, to, from, until);
    }
    return this.scratch.toString('utf8', 0, end - start);
  }

  /** Frees the memory and closes the temporary file, which goes with it; safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.blocks.length = 0;
    this.pages.length = 0;
    this.cache.clear();
    this.lastBlock = undefined;
    const { fd } = this;
    this.fd = undefined;
    if (fd !== undefined) fs.closeSync(fd);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The shared strings were closed.');
  }

  private startOf(index: number): number {
    return this.pages[index >>> 16]![index & (PAGE - 1)]!;
  }

  private setStart(index: number, start: number): void {
    const page = index >>> 16;
    if (page === this.pages.length) this.pages.push(new Uint32Array(PAGE));
    this.pages[page]![index & (PAGE - 1)] = start;
  }

  /** The block that byte `at` (the end of the text so far) goes into, started if need be. */
  private blockAt(at: number): Buffer {
    const { blockBytes, memoryBytes } = this.options;
    const index = Math.floor(at / blockBytes);
    const held = this.blocks[index];
    if (held) return held;
    // The blocks before are full: past the bound, they go to the file.
    if (index > 0 && (this.fd !== undefined || index * blockBytes >= memoryBytes)) this.spill(index);
    const block = Buffer.allocUnsafeSlow(blockBytes);
    this.blocks[index] = block;
    return block;
  }

  /** Writes the full blocks held before block `until` to the file (made on first use), lets them go. */
  private spill(until: number): void {
    const { blockBytes, tempDir } = this.options;
    if (this.fd === undefined) {
      const file = path.join(tempDir || os.tmpdir(), `adstudio-xlsx-strings-${randomUUID()}`);
      const fd = fs.openSync(file, 'wx+', 0o600);
      // Unnamed at once, its blocks last as long as the descriptor: a process killed mid-read
      // (a deploy, the OOM killer) leaves no 370 MB behind, as one did before this line.
      try {
        fs.unlinkSync(file);
      } catch (error) {
        fs.closeSync(fd);
        throw error;
      }
      this.fd = fd;
    }
    for (; this.inFile < until; this.inFile++) {
      const k = this.inFile;
      const block = this.blocks[k]!;
      for (let written = 0; written < blockBytes; )
        written += fs.writeSync(this.fd, block, written, blockBytes - written, k * blockBytes + written);
      this.blocks[k] = undefined;
    }
  }

  /** Block k, from memory, the cache or the file. */
  private block(k: number): Buffer {
    if (k === this.lastIndex) return this.lastBlock!;
    const block = this.blocks[k] ?? this.cached(k) ?? this.readBlock(k);
    this.lastIndex = k;
    this.lastBlock = block;
    return block;
  }

  private cached(k: number): Buffer | undefined {
    const cached = this.cache.get(k);
    if (cached) {
      this.cache.delete(k);
      this.cache.set(k, cached);
    }
    return cached;
  }

  private readBlock(k: number): Buffer {
    const { blockBytes, cacheBytes } = this.options;
    let block: Buffer;
    if ((this.cache.size + 1) * blockBytes > cacheBytes && this.cache.size > 0) {
      const [oldest, reused] = this.cache.entries().next().value as [number, Buffer];
      this.cache.delete(oldest);
      block = reused;
    } else block = Buffer.allocUnsafeSlow(blockBytes);
    const size = Math.min(blockBytes, this.used - k * blockBytes);
    for (let read = 0; read < size; ) {
      const n = fs.readSync(this.fd!, block, read, size - read, k * blockBytes + read);
      if (n === 0) throw new Error('The shared strings file ended early.');
      read += n;
    }
    this.cache.set(k, block);
    return block;
  }
}
