import { crc32, deflateSync } from 'node:zlib';
import { buildZip } from '../../src/storage/zip-writer';

/** Small real files, made from their bytes, for the claim checks. */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

const pngChunk = (type: string, data: Buffer) => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typeAndData, u32(crc32(typeAndData))]);
};

/** A valid 1×1 opaque red PNG. */
export function png(): Buffer {
  const header = Buffer.concat([u32(1), u32(1), Buffer.from([8, 2, 0, 0, 0])]); // 8-bit RGB
  const pixels = deflateSync(Buffer.from([0, 0xff, 0, 0])); // filter byte + one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The well-known 1×1 transparent GIF. */
export const gif = () =>
  Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A JPEG's start: SOI and a JFIF APP0 segment, which is what identifies one. */
export const jpeg = () =>
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);

/** An MP4's first box: `ftyp` with the isom brand. */
export const mp4 = () =>
  Buffer.concat([u32(24), Buffer.from('ftypisom', 'latin1'), u32(0x200), Buffer.from('isommp41', 'latin1')]);

/** A WOFF2 header with TrueType outlines. */
export const woff2 = () => Buffer.concat([Buffer.from('wOF2', 'latin1'), u32(0x00010000), Buffer.alloc(40)]);

/** A zip with `entries` stored uncompressed. */
export const zip = (entries: Record<string, string>): Buffer =>
  buildZip(Object.entries(entries).map(([name, data]) => ({ name, data, store: true })));

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The parts that make a zip an Excel workbook. */
export const xlsx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      `<Override PartName="/xl/workbook.xml" ContentType="${XLSX_TYPE.replace('.sheet', '.sheet.main+xml')}"/></Types>`,
    'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook/>',
  });

/** An HTML5 banner package. */
export const banner = () =>
  zip({
    'index.html':
      '<!DOCTYPE html><html><head><meta name="ad.size" content="width=300,height=250"></head></html>',
    'js/main.js': 'var clickTag = "https://example.com";',
  });

export const html = () =>
  Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>');

export const svg = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

export const csv = () => Buffer.from('Unique_ID,Reporting_Label,Headline\n1,Spring,Frühling – 20 %\n');
