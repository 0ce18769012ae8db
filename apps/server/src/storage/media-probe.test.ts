import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { THUMBNAIL_BOX } from '@adstudio/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { demoImage, MAX_IMAGE_PIXELS, makeThumbnail, probeMedia, videoPixelSize } from './media-probe';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function fileOf(bytes: Uint8Array): string {
  const file = path.join(dir, `f${++fileCount}`);
  fs.writeFileSync(file, bytes);
  return file;
}

const solid = (width: number, height: number, background = '#c33') =>
  sharp({ create: { width, height, channels: 3, background } });

/** Two frames stacked in one raw image: red, then blue. */
function twoFrames(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 2 * 3);
  for (let pixel = 0; pixel < width * height * 2; pixel++)
    raw[pixel * 3 + (pixel < width * height ? 0 : 2)] = 255;
  return sharp(raw, { raw: { width, height: height * 2, channels: 3, pageHeight: height } });
}

/** A PNG declaring `width`×`height` whose IDAT holds only a few rows: a bomb's header, small on disk. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
  };
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
};
const u64 = (value: number) => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
};

// ISO base media (MP4/MOV) builders.

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const QUARTER_TURN = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];

function tkhd(version: 0 | 1, width: number, height: number, matrix = IDENTITY): Buffer {
  const times = version === 1 ? Buffer.alloc(32) : Buffer.alloc(20); // creation, modification, id, reserved, duration
  const matrixBytes = Buffer.alloc(36);
  matrix.forEach((value, i) => {
    matrixBytes.writeInt32BE(value, i * 4);
  });
  return box(
    'tkhd',
    Buffer.from([version, 0, 0, 3]),
    times,
    Buffer.alloc(16), // reserved, layer, alternate group, volume, reserved
    matrixBytes,
    u32(width * 0x10000),
    u32(height * 0x10000),
  );
}

/** `componentType` is zero in MP4 and `mhlr` in QuickTime. */
const hdlr = (handler: string, componentType = '\0\0\0\0') =>
  box(
    'hdlr',
    Buffer.alloc(4),
    Buffer.from(componentType + handler, 'latin1'),
    Buffer.alloc(12),
    Buffer.from('x\0'),
  );

const trak = (handler: string, header: Buffer, componentType?: string) =>
  box('trak', header, box('mdia', box('mdhd', Buffer.alloc(24)), hdlr(handler, componentType), box('minf')));

const ftyp = (brand = 'isom') =>
  box('ftyp', Buffer.from(brand, 'latin1'), u32(512), Buffer.from('isomiso2mp41'));
const videoTrak = (width: number, height: number, version: 0 | 1 = 0) =>
  trak('vide', tkhd(version, width, height));
const audioTrak = () => trak('soun', tkhd(0, 0, 0));
const moov = (...traks: Buffer[]) => box('moov', box('mvhd', Buffer.alloc(100)), ...traks);
/** An mdat with the 64-bit `largesize` header. */
const largeMdat = (payload: number) =>
  Buffer.concat([u32(1), Buffer.from('mdat'), u64(16 + payload), Buffer.alloc(payload, 7)]);

// EBML (WebM/Matroska) builders.

const idBytes = (id: number) => {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
};
function vsize(value: number): Buffer {
  let length = 1;
  while (value >= 2 ** (7 * length) - 1) length++;
  const bytes = Buffer.alloc(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0]! |= 0x80 >> (length - 1);
  return bytes;
}
const UNKNOWN_SIZE = Buffer.from('01ffffffffffffff', 'hex');
const el = (id: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([idBytes(id), vsize(body.length), body]);
};
const unknownSizeEl = (id: number, ...parts: Buffer[]) =>
  Buffer.concat([idBytes(id), UNKNOWN_SIZE, ...parts]);
const uint = (id: number, value: number) => {
  const bytes: number[] = [];
  for (let rest = value; bytes.length === 0 || rest > 0; rest = Math.floor(rest / 256))
    bytes.unshift(rest % 256);
  return el(id, Buffer.from(bytes));
};

const ebmlHeader = el(0x1a45dfa3, uint(0x4286, 1), uint(0x42f7, 1), el(0x4282, Buffer.from('webm')));
const info = el(0x1549a966, uint(0x2ad7b1, 1_000_000));
const audioEntry = el(0xae, uint(0xd7, 1), uint(0x83, 2), el(0xe1, uint(0xb5, 0)));
const videoEntry = (width: number, height: number) =>
  el(
    0xae,
    uint(0xd7, 2),
    uint(0x83, 1),
    el(0x86, Buffer.from('V_VP9')),
    el(0xe0, uint(0xb0, width), uint(0xba, height)),
  );
const tracks = (...entries: Buffer[]) => el(0x1654ae6b, ...entries);
const clusterBody = [uint(0xe7, 0), el(0xa3, Buffer.alloc(64, 1))];
const cluster = () => el(0x1f43b675, ...clusterBody);
const segment = (...children: Buffer[]) => el(0x18538067, ...children);

/** A Segment whose SeekHead names where Tracks start (relative to the Segment's data). */
function indexedSegment(before: Buffer[], tracksElement: Buffer): Buffer {
  const seekHead = (at: number) =>
    el(0x114d9b74, el(0x4dbb, el(0x53ab, idBytes(0x1654ae6b)), el(0x53ac, u64(at))), el(0x4dbb));
  const headLength = seekHead(0).length;
  const at = headLength + Buffer.concat(before).length;
  return segment(seekHead(at), ...before, tracksElement);
}

describe('probeMedia', () => {
  it('answers the sha256 of the whole file, as node:crypto does', async () => {
    const bytes = Buffer.concat([Buffer.alloc(3 * 1024 * 1024, 'a'), Buffer.from('end')]);
    const facts = await probeMedia(fileOf(bytes), 'application/octet-stream');
    expect(facts).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      width: null,
      height: null,
    });
  });

  it.each([
    ['image/png', () => solid(640, 480).png()],
    ['image/gif', () => solid(120, 90).gif()],
    ['image/webp', () => solid(300, 250).webp()],
    ['image/avif', () => solid(64, 48).avif()],
  ])('reads the size of %s', async (contentType, make) => {
    const bytes = await make().toBuffer();
    const { info: made } = await make().toBuffer({ resolveWithObject: true });
    expect(await probeMedia(fileOf(bytes), contentType)).toMatchObject({
      width: made.width,
      height: made.height,
    });
  });

  it('reports the displayed size of a JPEG rotated by its EXIF orientation', async () => {
    const bytes = await solid(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await probeMedia(fileOf(bytes), 'image/jpeg')).toMatchObject({ width: 300, height: 400 });
  });

  it('reports one frame of an animated GIF or WebP', async () => {
    const gif = await twoFrames(40, 30)
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    const webp = await twoFrames(40, 30)
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(webp).metadata()).pages).toBe(2);
    expect(await probeMedia(fileOf(gif), 'image/gif')).toMatchObject({ width: 40, height: 30 });
    expect(await probeMedia(fileOf(webp), 'image/webp')).toMatchObject({ width: 40, height: 30 });
  });

  it('answers null sizes for an image whose header declares more than MAX_IMAGE_PIXELS (bomb guard)', async () => {
    const bomb = fileOf(pngHeader(50_000, 50_000));
    expect(50_000 * 50_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    // The header alone is readable: the guard, not a broken file, is what refuses it.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 50_000 });
    expect(await probeMedia(bomb, 'image/png')).toMatchObject({ width: null, height: null });
    expect(await probeMedia(fileOf(pngHeader(10_000, 10_000)), 'image/png')).toMatchObject({ width: 10_000 });
  });

  it('answers null sizes for SVG, broken images and other types, never throwing', async () => {
    const svg = fileOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
    const png = await solid(64, 64).png().toBuffer();
    const sizes = async (bytes: Buffer | string, contentType: string) => {
      const { width, height } = await probeMedia(
        typeof bytes === 'string' ? bytes : fileOf(bytes),
        contentType,
      );
      return [width, height];
    };
    expect(await sizes(svg, 'image/svg+xml')).toEqual([null, null]);
    expect(await sizes(png.subarray(0, 20), 'image/png')).toEqual([null, null]);
    expect(await sizes(Buffer.from('not an image'), 'image/jpeg')).toEqual([null, null]);
    expect(await sizes(png, 'application/pdf')).toEqual([null, null]);
    expect(await sizes(Buffer.from('OggS\0\x02rest'), 'video/ogg')).toEqual([null, null]);
  });

  it('reads a video size through probeMedia and rejects a file that is not there', async () => {
    const mp4 = Buffer.concat([ftyp(), moov(videoTrak(1280, 720)), largeMdat(1000)]);
    expect(await probeMedia(fileOf(mp4), 'video/mp4')).toEqual({
      sha256: createHash('sha256').update(mp4).digest('hex'),
      width: 1280,
      height: 720,
    });
    await expect(probeMedia(path.join(dir, 'missing'), 'video/mp4')).rejects.toThrow();
  });
});

describe('videoPixelSize: MP4 and QuickTime', () => {
  const sizeOf = (...parts: Buffer[]) => videoPixelSize(fileOf(Buffer.concat(parts)));

  it('reads tkhd version 0 with moov first', async () => {
    expect(await sizeOf(ftyp(), moov(videoTrak(1280, 720, 0)), largeMdat(4096))).toEqual({
      width: 1280,
      height: 720,
    });
  });

  it('reads tkhd version 1 with moov last after a large mdat, skipping the audio track before it', async () => {
    const mdat = largeMdat(8 * 1024 * 1024);
    expect(await sizeOf(ftyp(), mdat, moov(audioTrak(), videoTrak(1920, 1080, 1)))).toEqual({
      width: 1920,
      height: 1080,
    });
  });

  it('walks past an mdat over 4 GB (64-bit largesize) without reading it', async () => {
    const file = path.join(dir, 'sparse.mp4');
    const payload = 5 * 1024 ** 3;
    fs.writeFileSync(file, Buffer.concat([ftyp(), u32(1), Buffer.from('mdat'), u64(16 + payload)]));
    fs.truncateSync(file, fs.statSync(file).size + payload); // sparse: takes no disk
    fs.appendFileSync(file, moov(videoTrak(3840, 2160, 1)));
    expect(await videoPixelSize(file)).toEqual({ width: 3840, height: 2160 });
  });

  it('swaps the size for a quarter-turn rotation matrix (a portrait phone video)', async () => {
    const portrait = trak('vide', tkhd(0, 1920, 1080, QUARTER_TURN));
    expect(await sizeOf(ftyp(), moov(portrait))).toEqual({ width: 1080, height: 1920 });
  });

  it('reads a QuickTime movie (mhlr component, moov sized to the end of the file)', async () => {
    const quicktimeMoov = box('moov', trak('vide', tkhd(0, 640, 480), 'mhlr'));
    quicktimeMoov.writeUInt32BE(0, 0); // size 0: the last box runs to the end of the file
    expect(await sizeOf(ftyp('qt  '), box('wide'), box('mdat', Buffer.alloc(100)), quicktimeMoov)).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('answers null for audio only, truncated, oversized, malformed and endless inputs', async () => {
    const whole = Buffer.concat([ftyp(), largeMdat(100), moov(audioTrak(), videoTrak(1280, 720))]);
    const tinyBoxes = Buffer.concat(Array.from({ length: 20_000 }, () => box('free')));
    const shortBox = Buffer.concat([ftyp(), u32(4), Buffer.from('free'), moov(videoTrak(1, 1))]);
    const overlong = moov(videoTrak(1280, 720));
    overlong.writeUInt32BE(overlong.length + 1, 0);
    const inputs = [
      Buffer.concat([ftyp(), moov(audioTrak())]),
      whole.subarray(0, whole.length - 20),
      Buffer.concat([ftyp(), overlong]),
      shortBox,
      Buffer.concat([ftyp(), tinyBoxes, moov(videoTrak(1280, 720))]),
      Buffer.concat([ftyp(), moov(trak('vide', tkhd(0, 0, 0)))]),
      ftyp().subarray(0, 6),
      Buffer.alloc(0),
      Buffer.from('garbage that is not a video at all'),
    ];
    for (const input of inputs) expect(await sizeOf(input)).toBeNull();
  });
});

describe('videoPixelSize: WebM and Matroska', () => {
  const sizeOf = (...parts: Buffer[]) => videoPixelSize(fileOf(Buffer.concat(parts)));

  it('reads PixelWidth/PixelHeight of the video track after an audio track', async () => {
    const file = [ebmlHeader, segment(info, tracks(audioEntry, videoEntry(1920, 1080)), cluster())];
    expect(await sizeOf(...file)).toEqual({ width: 1920, height: 1080 });
  });

  it('handles unknown-size Segment and Clusters (live recordings), Tracks coming after them', async () => {
    const live = [
      ebmlHeader,
      unknownSizeEl(0x18538067),
      info,
      unknownSizeEl(0x1f43b675, ...clusterBody),
      unknownSizeEl(0x1f43b675, ...clusterBody),
      tracks(videoEntry(640, 360)),
    ];
    expect(await sizeOf(...live)).toEqual({ width: 640, height: 360 });
  });

  it('finds Tracks behind more clusters than it walks through the SeekHead', async () => {
    const clusters = Array.from({ length: 12_000 }, cluster);
    const video = tracks(videoEntry(320, 240));
    expect(await sizeOf(ebmlHeader, indexedSegment(clusters, video))).toEqual({ width: 320, height: 240 });
    // Without the index, the walk gives up rather than reading every cluster.
    expect(await sizeOf(ebmlHeader, segment(...clusters, video))).toBeNull();
  });

  it('answers null for audio only, truncated, malformed and endless inputs', async () => {
    const whole = Buffer.concat([ebmlHeader, segment(info, tracks(videoEntry(1920, 1080)))]);
    const endless = Buffer.concat([
      ebmlHeader,
      ...Array.from({ length: 20_000 }, () => unknownSizeEl(0x18538067)),
      tracks(videoEntry(1, 1)),
    ]);
    const inputs = [
      Buffer.concat([ebmlHeader, segment(info, tracks(audioEntry))]),
      whole.subarray(0, whole.length - 3),
      Buffer.concat([ebmlHeader, segment(info, tracks(Buffer.from([0x00, 0x00, 0x00])))]),
      Buffer.concat([ebmlHeader.subarray(0, 4), Buffer.from([0x00])]),
      Buffer.concat([ebmlHeader, Buffer.from([0x00, 0x81, 0x00])]),
      endless,
    ];
    for (const input of inputs) expect(await sizeOf(input)).toBeNull();
  });
});

describe('makeThumbnail', () => {
  const thumbnailOf = async (bytes: Buffer) => {
    const thumbnail = await makeThumbnail(fileOf(bytes));
    return thumbnail && (await sharp(thumbnail).metadata());
  };

  it('fits a large image in the box as WebP, keeping proportions', async () => {
    const meta = await thumbnailOf(await solid(1000, 500).png().toBuffer());
    expect(meta).toMatchObject({ format: 'webp', width: THUMBNAIL_BOX, height: THUMBNAIL_BOX / 2 });
  });

  it('never enlarges a small image', async () => {
    expect(await thumbnailOf(await solid(100, 50).jpeg().toBuffer())).toMatchObject({
      format: 'webp',
      width: 100,
      height: 50,
    });
  });

  it('applies the EXIF orientation', async () => {
    const meta = await thumbnailOf(await solid(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(meta).toMatchObject({ width: 240, height: 320 });
  });

  it('takes the first frame of an animated image', async () => {
    const thumbnail = await makeThumbnail(fileOf(await twoFrames(40, 30).webp({ loop: 0 }).toBuffer()));
    const { data, info: meta } = await sharp(thumbnail!).raw().toBuffer({ resolveWithObject: true });
    expect(meta).toMatchObject({ width: 40, height: 30 });
    expect([...data.subarray(0, 3)].map((value) => Math.round(value / 16))).toEqual([16, 0, 0]); // red
  });

  it('answers null for a decompression bomb, SVG, broken and non-image files', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const png = await solid(64, 64).png().toBuffer();
    for (const input of [
      pngHeader(50_000, 50_000),
      Buffer.from(svg),
      png.subarray(0, 40),
      Buffer.from('hello'),
    ]) {
      expect(await makeThumbnail(fileOf(input))).toBeNull();
    }
  });
});

describe('demoImage', () => {
  it('draws a PNG of the size asked, on the background asked, with a border and text', async () => {
    const png = await demoImage(300, 250, 'Spring <sale> & more', '#336699');
    const { data, info: meta } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(meta).toMatchObject({ width: 300, height: 250 });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 300 + x) * meta.channels, (y * 300 + x) * meta.channels + 3),
    ];
    expect(pixel(20, 20)).toEqual([0x33, 0x66, 0x99]);
    expect(pixel(1, 125)).not.toEqual([0x33, 0x66, 0x99]); // the border
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.max - channels[0]!.min).toBeGreaterThan(100); // something is written on it
  });

  it('fits banner shapes and refuses impossible sizes', async () => {
    expect(await sharp(await demoImage(728, 90, 'Leaderboard', 'orange')).metadata()).toMatchObject({
      width: 728,
      height: 90,
    });
    await expect(demoImage(0, 10, 'x', 'red')).rejects.toThrow(RangeError);
    await expect(demoImage(20_000, 20_000, 'x', 'red')).rejects.toThrow(RangeError);
  });
});
