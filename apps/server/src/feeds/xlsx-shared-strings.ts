/**
 * A workbook's shared strings, held compactly: one buffer of their UTF-8 bytes and where each
 * starts, a string decoded only when a cell uses it. As JavaScript strings, the 700k strings of a
 * large feed take several times the memory and keep the garbage collector busy for the whole read.
 */
export class SharedStrings {
  private bytes: Buffer = Buffer.allocUnsafe(64 * 1024);
  /** `starts[i]` to `starts[i + 1]` are string i's bytes. */
  private starts = new Uint32Array(1024);
  private count = 0;
  private used = 0;

  get length(): number {
    return this.count;
  }

  add(text: string): void {
    const room = this.bytes.length - this.used;
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    if (text.length * 3 > room) this.bytes = grow(this.bytes, this.used, this.used + text.length * 3);
    this.used += this.bytes.write(text, this.used, 'utf8');
    if (this.count + 2 > this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[++this.count] = this.used;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    return this.bytes.toString('utf8', this.starts[index], this.starts[index + 1]);
  }

  /** Gives back the room left over once every string is in. */
  trim(): this {
    if (this.used < this.bytes.length) this.bytes = grow(this.bytes, this.used, this.used);
    this.starts = this.starts.slice(0, this.count + 1);
    return this;
  }
}

function grow(bytes: Buffer, used: number, needed: number): Buffer {
  const size = needed === used ? used : Math.max(needed, bytes.length * 2);
  const next = Buffer.allocUnsafe(size);
  bytes.copy(next, 0, 0, used);
  return next;
}
