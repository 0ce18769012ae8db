import { DEFAULT_CONTENT_TYPE } from '@adstudio/contract';
import type { SniffedContent } from '../../storage/content-sniffer';
import { SIZED_IMAGE_TYPES } from '../../storage/media-probe';

/** What an upload becomes when claimed; each has its own allow-list and ceiling. */
export type UploadPurpose = 'asset' | 'package' | 'feed';

const MB = 1024 * 1024;

/** Ceilings per purpose, checked when claiming, on top of MAX_UPLOAD_MB (which the PUT enforces). */
export const PURPOSE_MAX_BYTES: Readonly<Record<UploadPurpose, number>> = {
  asset: 100 * MB,
  package: 200 * MB,
  feed: 100 * MB,
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The types the bytes themselves must show, per purpose. No SVG and no HTML anywhere: both run
 * script when a browser opens them.
 */
const ALLOWED: Readonly<Record<UploadPurpose, ReadonlySet<string>>> = {
  asset: new Set([
    ...SIZED_IMAGE_TYPES,
    'video/mp4',
    'video/webm',
    'video/quicktime',
    'video/ogg',
    'font/woff',
    'font/woff2',
    'font/ttf',
    'font/otf',
  ]),
  package: new Set(['application/zip']),
  feed: new Set([XLSX]),
};

/**
 * Text has no magic bytes, so text is taken at its declared type once its bytes are UTF-8 text;
 * per purpose, the text types it takes and the extension each is kept under.
 */
export const TEXT_TYPES: Readonly<Record<UploadPurpose, Readonly<Record<string, string>>>> = {
  asset: { 'text/csv': 'csv', 'application/json': 'json' },
  package: {},
  feed: {
    'text/csv': 'csv',
    'text/tab-separated-values': 'tsv',
    'text/plain': 'txt',
    'application/json': 'json',
  },
};
/** Other names browsers and systems give the same format (e.g. Windows browsers call a .zip x-zip-compressed). */
const SAME_AS: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/apng': 'image/png',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'application/font-woff': 'font/woff',
  'application/x-font-woff': 'font/woff',
  'application/font-woff2': 'font/woff2',
  'application/x-font-ttf': 'font/ttf',
  'application/x-font-truetype': 'font/ttf',
  'application/x-font-otf': 'font/otf',
  'application/x-font-opentype': 'font/otf',
  'font/opentype': 'font/otf',
};

/** `Text/CSV; charset=utf-8` → `text/csv`. */
export const essenceOf = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();
const canonical = (essence: string) => SAME_AS[essence] ?? essence;

export type ContentVerdict =
  | { ok: true; contentType: string; extension: string }
  | { ok: false; reason: string };

const refuse = (reason: string): ContentVerdict => ({ ok: false, reason });

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** Why a file of `size` bytes may not be kept, if it may not. */
export function sizeProblem(size: number, maxBytes: number): string | undefined {
  if (size === 0) return 'The file is empty.';
  if (size > maxBytes) return `The file is larger than ${formatBytes(maxBytes)}.`;
  return undefined;
}

/**
 * Decides from the file's own bytes whether it may be kept for `purpose`, and as what. The declared
 * type (from the signed-URL request) must agree with the bytes; octet-stream declares nothing.
 */
export function judgeContent(
  purpose: UploadPurpose,
  declaredType: string,
  sniffed: SniffedContent,
): ContentVerdict {
  const declared = essenceOf(declaredType);
  const textTypes = TEXT_TYPES[purpose];
  const textExtension = Object.hasOwn(textTypes, declared) ? textTypes[declared] : undefined;
  // Markup a browser would run (HTML, SVG) is never taken as text, whatever it is declared as;
  // a feed is only parsed, never shown, so its cells may look like anything.
  const runnable = purpose !== 'feed' && sniffed.markup;
  if (textExtension && !runnable) {
    // Checked before the magic bytes: a CSV whose first cell starts "BM" or "ID3" is still text.
    if (sniffed.text) return { ok: true, contentType: declared, extension: textExtension };
    // Magic bytes matter only when they name a format of the purpose (an xlsx declared as CSV);
    // anything else (UTF-16 starts like an MP3 frame) is simply not the text it claims to be.
    if (!sniffed.magic || !ALLOWED[purpose].has(essenceOf(sniffed.magic.mime))) {
      return refuse(`The file is not UTF-8 text, so it cannot be a ${declared}.`);
    }
  }

  const detected = detectedType(sniffed);
  if (!detected) return refuse("The file's type could not be recognised.");
  if (!ALLOWED[purpose].has(detected.mime)) {
    const types = Object.keys(textTypes);
    if (detected.mime === 'text/plain' && types.length > 0) {
      const list = types.length === 1 ? types[0] : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
      return refuse(`The file is text, so its declared type must be ${list} (not ${declared}).`);
    }
    return refuse(`The file is ${articleOf(detected.mime)} ${detected.mime}, which is not allowed here.`);
  }
  if (declared && declared !== DEFAULT_CONTENT_TYPE && canonical(declared) !== canonical(detected.mime)) {
    return refuse(`The declared type ${declared} does not match the file's content (${detected.mime}).`);
  }
  return { ok: true, contentType: detected.mime, extension: detected.ext };
}

function detectedType({ magic, markup, text }: SniffedContent): { mime: string; ext: string } | undefined {
  // file-type calls an SVG with an XML prolog plain XML; its markup says what a browser would run.
  if (magic && !(markup && essenceOf(magic.mime) === 'application/xml')) {
    return { mime: essenceOf(magic.mime), ext: magic.ext };
  }
  if (markup) return { mime: markup, ext: markup === 'text/html' ? 'html' : 'svg' };
  if (text) return { mime: 'text/plain', ext: 'txt' };
  return undefined;
}

const articleOf = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a');
