import path from 'node:path';
import type { Readable } from 'node:stream';
import { AD_SANDBOX } from '@adstudio/contract';
import type { FastifyReply } from 'fastify';

/** What the sandbox may do: run the ad's scripts and open its click-through (contract `AD_SANDBOX`). */
export const RENDER_CSP = `sandbox ${AD_SANDBOX}`;

/** Types of the files an HTML5 package holds, by extension; anything else is served as bytes. */
const RENDER_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
};

export const isHtmlFile = (file: string) => /\.html?$/i.test(file);

/**
 * Sends a file of a package as every render does: typed by its extension, under the sandbox CSP,
 * framable from anywhere (the SPA, the token pages, RENDER_URL's host page), never sniffed.
 * `cacheControl` defaults to five minutes, private: a render URL is signed and short-lived.
 */
export function sendRenderFile(
  reply: FastifyReply,
  file: string,
  size: number,
  body: Readable | Buffer,
  cacheControl = 'private, max-age=300',
) {
  return (
    reply
      .header('content-type', RENDER_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
      .header('content-security-policy', RENDER_CSP)
      // The sandboxed frame has an opaque origin: its own scripts and images are cross-origin
      // requests, and it is framed by the SPA, the token pages or RENDER_URL's host page.
      .header('cross-origin-resource-policy', 'cross-origin')
      .removeHeader('x-frame-options')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cacheControl)
      .header('content-length', size)
      .send(body)
  );
}
