import { once } from 'node:events';
import { createDeflateRaw } from 'node:zlib';
import type { ZipEntrySpec } from './zip-writer';

export { buildZip, type ZipEntrySpec } from './zip-writer';

/** `bytes` zeros deflated a megabyte at a time, so memory stays small whatever the size. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  const block = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

export const adSizeMeta = (content: string) => `<meta name="ad.size" content="${content}">`;

/** An index.html an ad server would take for a 300x250 creative. */
export function indexHtml({ head = adSizeMeta('width=300,height=250'), body = '' } = {}): string {
  return `<!DOCTYPE html><html><head>${head}<link rel="stylesheet" href="css/style.css"></head>
<body><a id="exit" href="#"></a><script src="js/main.js"></script>${body}</body></html>`;
}

export const mainJs = `var clickTag = "https://www.example.com";
document.getElementById('exit').addEventListener('click', function () { window.open(window.clickTag); });`;

export const styleCss = 'body { margin: 0; } #exit { background: url(../images/logo.png); }';

export const logoPng = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** The files of a good package under `root` ('' or 'folder/'). */
export const goodPackage = (root = '', index = indexHtml()): ZipEntrySpec[] => [
  { name: `${root}index.html`, data: index },
  { name: `${root}js/main.js`, data: mainJs },
  { name: `${root}css/style.css`, data: styleCss },
  { name: `${root}images/logo.png`, data: logoPng, store: true },
];
