import { randomBytes } from 'node:crypto';

/** Where unpacked packages are: a folder per package, named by its id. */
export const PACKAGES_FOLDER = 'packages/';

/** The folder of a package's unpacked files (docs/design.md §9); each unpack attempt has its own inside. */
export const unpackedPrefix = (id: number) => `${PACKAGES_FOLDER}${id}/`;

/** A new unpack attempt's folder, `packages/{id}/{random}/`: nothing else ever writes there. */
export const attemptPrefix = (id: number) => `${unpackedPrefix(id)}${randomBytes(9).toString('base64url')}/`;

const SAFE_SEGMENT = /^[A-Za-z0-9-][A-Za-z0-9._-]{0,199}$/;

/**
 * The storage key of a package's file under `prefix` (its live attempt's folder). Storage keys take
 * only safe ASCII names, but a package may hold `img/my banner.png` or `Über.png`: such a segment
 * (and any beginning with `_`, so nothing collides) is stored as `_` + the base64url of its UTF-8 bytes.
 */
export const packageFileKey = (prefix: string, file: string) =>
  prefix +
  file
    .split('/')
    .map((part) => (SAFE_SEGMENT.test(part) ? part : `_${Buffer.from(part, 'utf8').toString('base64url')}`))
    .join('/');

/** The file a key under `prefix` holds: packageFileKey's inverse. */
export const packagePathOf = (prefix: string, key: string) =>
  key
    .slice(prefix.length)
    .split('/')
    .map((part) => (part.startsWith('_') ? Buffer.from(part.slice(1), 'base64url').toString('utf8') : part))
    .join('/');

/** What the local disk leaves of a write a stopped process never finished (storage/local-disk.ts). */
export const isPartialWrite = (key: string) => /\.[0-9]+\.[0-9]+\.part$/.test(key);
