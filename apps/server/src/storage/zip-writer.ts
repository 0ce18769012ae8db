import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal zip writer: every field a reader looks at, nothing more. The demo packages are built
 * with it; tests use its options to make headers lie (sizes, methods, flags, symlinks).
 */
/** One zip entry, with the means to make its headers lie. */
export interface ZipEntrySpec {
  name: string;
  /** The entry's bytes; deflated unless `store`. */
  data?: Buffer | string;
  store?: boolean;
  /** Bytes written as they are (already compressed); give `size` with them. */
  raw?: Buffer;
  /** Uncompressed size in the central directory (default: the data's length). */
  size?: number;
  /** Uncompressed size in the local header (default: `size`). */
  localSize?: number;
  /** Compression method (default: 0 stored, 8 deflated). */
  method?: number;
  /** General purpose flags added to UTF-8's 0x800 (0x1 = encrypted). */
  flags?: number;
  /** Unix mode in the external attributes, e.g. 0o120777 for a symlink. */
  unixMode?: number;
}

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const name = Buffer.from(spec.name, 'utf8');
    const data = Buffer.from(spec.data ?? '');
    const compressed = spec.raw ?? (spec.store ? data : deflateRawSync(data));
    const method = spec.method ?? (spec.store ? 0 : 8);
    const size = spec.size ?? data.length;
    const flags = 0x800 | (spec.flags ?? 0);
    const crc = spec.raw ? 0 : crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(spec.localSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(spec.unixMode === undefined ? 20 : (3 << 8) | 20, 4); // made by: unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((spec.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
