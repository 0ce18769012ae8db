import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { SafeFetchError } from './safe-fetch-error';

/** A fetched response's body as safe-fetch.ts hands it on: decoded, and capped in bytes. */

// Sync flush tolerates a body cut before its trailer, as browsers do.
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  'x-gzip': () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  deflate: () => zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  br: () => zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
};

/** Decoders in the order to apply them; [] for an identity body; undefined for a coding we cannot undo. */
export function decodersFor(encoding: string | undefined): Transform[] | undefined {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding && coding !== 'identity')
    .reverse();
  if (codings.some((coding) => !DECODERS[coding])) return undefined;
  return codings.map((coding) => DECODERS[coding]!());
}

export function responseHeaders(response: IncomingMessage, decoded: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    if (decoded && (name === 'content-encoding' || name === 'content-length')) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Passes bytes through and fails once more than `max` went by. */
export class ByteCap extends Transform {
  bytes = 0;
  readonly #max: number;
  readonly #onOver: () => Error;

  constructor(max: number, onOver: () => Error) {
    super();
    this.#max = max;
    this.#onOver = onOver;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.#max) done(this.#onOver());
    else done(null, chunk);
  }
}

export function tooLarge(url: URL, maxBytes: number) {
  return new SafeFetchError('too_large', `The file at ${url.host} is larger than ${formatBytes(maxBytes)}`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
