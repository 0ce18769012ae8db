import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Where the QA fixture's media live (scripts/qa-fixture.ts): each path is followed by the row's
 * Unique_ID and `.png`, except `landing`, the exit URLs' pages.
 */
export const QA_MEDIA_PATHS = {
  /** A small PNG (a few KB): a clean row's image. */
  image: '/img/',
  /** 404: a broken image. */
  missing: '/missing/',
  /** A PNG of over 5 MB: more than Chrome's heavy-ad network limit of 4 MB on its own. */
  heavy: '/heavy/',
  /** A small HTML page: where a click-through lands. */
  landing: '/shop/',
} as const;

/** Bytes of the heavy image: 1,400 × 1,400 RGB stored without compression. */
export const HEAVY_IMAGE_MIN_BYTES = 5 * 1024 * 1024;

export interface QaMediaServer {
  /** `http://127.0.0.1:<port>`, the fixture's `mediaBase`. */
  url: string;
  /** Requests answered so far, by path prefix (`/img/`, `/missing/`, …; `other` for the rest). */
  requests(): Record<string, number>;
  close(): Promise<void>;
}

/** The clean rows' picture: a product tile on a gradient, the same for every row. */
const TILE = `<svg xmlns="http://www.w3.org/2000/svg" width="264" height="264">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
<rect width="264" height="264" fill="url(#g)"/>
<circle cx="132" cy="120" r="64" fill="#facc15"/>
<rect x="52" y="196" width="160" height="24" rx="12" fill="#f8fafc"/>
</svg>`;

let images: Promise<{ tile: Buffer; heavy: Buffer }> | undefined;

/** Made once per process: the tile from SVG, the heavy one from raw pixels that PNG stores as they are. */
function makeImages() {
  images ??= (async () => {
    const side = 1400;
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + (i >> 11)) & 0xff;
    const [tile, heavy] = await Promise.all([
      sharp(Buffer.from(TILE)).png().toBuffer(),
      sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0, adaptiveFiltering: false })
        .toBuffer(),
    ]);
    if (heavy.length < HEAVY_IMAGE_MIN_BYTES)
      throw new Error(`the heavy image is ${heavy.length} bytes, under ${HEAVY_IMAGE_MIN_BYTES}`);
    return { tile, heavy };
  })();
  return images;
}

const LANDING = Buffer.from(
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Northwind Outdoor</title></head>' +
    '<body><h1>Northwind Outdoor</h1></body></html>',
);

/**
 * A local server for the QA fixture's media (a stand-in for the advertiser's image CDN): the
 * fixture's images, 404 for the planted broken ones, the heavy image, and the landing pages.
 * Listens on 127.0.0.1 (the server under test must allow it: DATASOURCE_ALLOW_HOSTS=127.0.0.1).
 */
export async function startQaMediaServer({ port = 0 } = {}): Promise<QaMediaServer> {
  const { tile, heavy } = await makeImages();
  const counts: Record<string, number> = {};
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://media.local').pathname;
    const prefix = Object.values(QA_MEDIA_PATHS).find((p) => pathname.startsWith(p)) ?? 'other';
    counts[prefix] = (counts[prefix] ?? 0) + 1;
    const send = (status: number, type: string, body: Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'content-length': body.length,
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, 'text/plain', Buffer.from('GET only'));
    const image = /^[\w.-]+\.png$/.test(pathname.slice(prefix.length));
    if (prefix === QA_MEDIA_PATHS.image && image) return send(200, 'image/png', tile);
    if (prefix === QA_MEDIA_PATHS.heavy && image) return send(200, 'image/png', heavy);
    if (prefix === QA_MEDIA_PATHS.landing) return send(200, 'text/html; charset=utf-8', LANDING);
    return send(404, 'text/plain', Buffer.from('Not found'));
  });
  // Chromium and the server's media checks keep connections open; close() must not wait for them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
