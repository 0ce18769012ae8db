import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@adstudio/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Client, TestApp } from '../helper';
import { uploadHelpers } from '../uploads/upload-helpers';

/** Real files for the asset checks. */

/** An image of `width`×`height` in `format`, made by sharp. */
export const image = (
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
  color = '#2a6fdb',
) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    [format]()
    .toBuffer();

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};

/** A tiny MP4: `ftyp`, a `moov` with one video track of `width`×`height`, and a little `mdat`. */
export function mp4(width: number, height: number): Buffer {
  const matrix = Buffer.alloc(36);
  [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].forEach((v, i) => {
    matrix.writeInt32BE(v, i * 4);
  });
  const tkhd = box(
    'tkhd',
    Buffer.from([0, 0, 0, 3]),
    Buffer.alloc(20),
    Buffer.alloc(16),
    matrix,
    u32(width * 0x10000),
    u32(height * 0x10000),
  );
  const hdlr = box(
    'hdlr',
    Buffer.alloc(4),
    Buffer.from('\0\0\0\0vide', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('x\0'),
  );
  const trak = box('trak', tkhd, box('mdia', box('mdhd', Buffer.alloc(24)), hdlr, box('minf')));
  return Buffer.concat([
    box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', Buffer.alloc(100)), trak),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
}

/** A WOFF2 header with TrueType outlines (what identifies one). */
export const woff2 = () => Buffer.concat([Buffer.from('wOF2', 'latin1'), u32(0x00010000), Buffer.alloc(40)]);
export const csv = () => Buffer.from('Headline,Price\nSpring sale,9.99\nFrühling,7 €\n');
export const json = () => Buffer.from('{"headline":"Spring sale","prices":[9.99,7]}');
export const svg = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
export const html = () => Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>');

/** Uploads through the Vapor flow as `client`, then claims through the API. */
export function assetHelpers(app: () => TestApp, client: () => Client) {
  const uploads = uploadHelpers(app, client);

  /** Uploads `bytes` declared as `contentType`; answers the key to claim. */
  const uploaded = async (bytes: Buffer, contentType: string) =>
    (await uploads.upload(bytes, contentType)).key;

  /** Uploads and claims one file; expects 201 and answers the asset. */
  async function claimOne(
    creativeId: number,
    bytes: Buffer,
    contentType: string,
    name: string,
    as = client(),
  ) {
    const key = await uploaded(bytes, contentType);
    const res = await as.post(`/v1/creatives/${creativeId}/assets`, { key, name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Asset;
  }

  return { ...uploads, uploaded, claimOne };
}

/** A data directory of the test file's own, so its files can be listed; removed by the returned function. */
export function ownDataDir(): { env: Record<string, string>; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-assets-'));
  return { env: { DATA_DIR: dir }, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every stored file under `prefix` (e.g. `assets/1/4`), as keys. */
export function storedUnder(t: TestApp, prefix: string): string[] {
  const root = t.config.storageDir;
  const dir = path.join(root, ...prefix.split('/'));
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
