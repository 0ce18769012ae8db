import { extname } from 'node:path/posix';
import type { Entry, ZipFile } from 'yauzl';
import { error, type Finding, isSystemError, PACKAGE_LIMITS, warning } from './package-findings';

/**
 * Reading a package's index.html, scripts and styles (their first bytes), once its zip's central
 * directory has been judged (package-zip.ts): the ad.size meta tag of the entry file, a clickTag,
 * and the outside hosts they load from.
 */

/**
 * Hosts the big ad servers let HTML5 ads load from (Google Ads / Campaign Manager 360 allow Studio's
 * s0.2mdn.net, Google's own hosts and the common public CDNs). Callers may pass their own list.
 */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = [
  's0.2mdn.net',
  'tpc.googlesyndication.com',
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'ajax.googleapis.com',
  'cdnjs.cloudflare.com',
  'code.jquery.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
];

/** XML namespaces and doctypes name this host, but nothing is ever loaded from it. */
const NEVER_LOADED_HOSTS = new Set(['www.w3.org']);

/** A file of the zip's listing, as the scan reads it. */
export interface ScannedFile {
  entry: Entry;
  path: string;
  /** Plain, unencrypted, stored or deflated: its bytes can be read. */
  readable: boolean;
}

const SCANNED_EXTENSIONS = new Set(['.html', '.htm', '.js', '.mjs', '.css']);

/**
 * An absolute or protocol-relative URL where a request starts: right after a quote (attribute values,
 * string literals), `=` (unquoted attributes) or `url(` (CSS). URLs in comments and prose are skipped.
 * Linear: every part after the fixed opening is greedy and unambiguous.
 */
const URL_REFERENCE = /(?:["'`=]|url\()\s*["']?(?:https?:)?(?:\\?\/){2}([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

/** Studio-style creatives exit through `Enabler.exit`, which the render shim sends through the click tracker. */
const CLICK_TAG = /\bclickTag\b|\bEnabler\.exit/;

/** The findings of the package's text files, index.html first; reads at most PACKAGE_LIMITS' scan bytes. */
export async function scanContents(
  zip: ZipFile,
  listing: { files: readonly ScannedFile[]; entryFile: string | null },
  creative: { width: number; height: number },
  allowedHosts: ReadonlySet<string>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  // index.html first, so a host it names is reported there.
  const scanned = listing.files
    .filter((file) => file.readable && SCANNED_EXTENSIONS.has(extname(file.path).toLowerCase()))
    .sort((a, b) => Number(b.path === listing.entryFile) - Number(a.path === listing.entryFile));

  const hosts = new Map<string, string>();
  let moreHosts = false;
  let clickTag = false;
  let budget: number = PACKAGE_LIMITS.scanTotalBytes;
  for (const file of scanned) {
    if (budget <= 0) break;
    let text: string;
    try {
      const head = await readHead(zip, file.entry, Math.min(PACKAGE_LIMITS.scanFileBytes, budget));
      budget -= head.length;
      text = new TextDecoder().decode(head);
    } catch (cause) {
      if (isSystemError(cause)) throw cause;
      findings.push(
        error('corrupt', `${file.path} is damaged or holds more data than the zip declares.`, file.path),
      );
      continue;
    }
    if (file.path === listing.entryFile) findings.push(...checkAdSize(text, file.path, creative));
    clickTag ||= CLICK_TAG.test(text);
    for (const match of text.matchAll(URL_REFERENCE)) {
      const host = match[1]!.toLowerCase();
      if (allowedHosts.has(host) || NEVER_LOADED_HOSTS.has(host) || hosts.has(host)) continue;
      if (isClickTagDefault(text, match.index)) continue;
      if (hosts.size < PACKAGE_LIMITS.hostWarnings) hosts.set(host, file.path);
      else moreHosts = true;
    }
  }

  if (!clickTag) {
    findings.push(
      warning(
        'no-click-tag',
        'No clickTag variable is referenced, so clicks on the ad can be neither counted nor sent to the landing page.',
      ),
    );
  }
  for (const [host, file] of hosts) {
    findings.push(
      warning(
        'outside-host',
        `${file} refers to ${host}, which is not on the list of allowed hosts; ad servers may reject the package.`,
        file,
      ),
    );
  }
  if (moreHosts) {
    findings.push(
      warning(
        'outside-host',
        `The package refers to more than ${PACKAGE_LIMITS.hostWarnings} hosts that are not on the list of allowed hosts.`,
      ),
    );
  }
  return findings;
}

/**
 * `var clickTag = "https://…"`: the landing page a producer tests with, replaced by the ad server and
 * never loaded by the ad itself. Looks back a bounded stretch, so the check stays linear.
 */
function isClickTagDefault(text: string, index: number): boolean {
  return /clickTag\d*["']?\s*[:=]\s*["'`]?$/.test(text.slice(Math.max(0, index - 40), index + 1));
}

/** The first `max` bytes of an entry, with yauzl checking them against the declared size. */
async function readHead(zip: ZipFile, entry: Entry, max: number): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= max) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, max);
}

function checkAdSize(html: string, file: string, creative: { width: number; height: number }): Finding[] {
  const wanted = `width=${creative.width},height=${creative.height}`;
  const content = adSizeContent(html);
  if (content === undefined) {
    return [
      warning(
        'ad-size-missing',
        `${file} has no ad.size meta tag; add <meta name="ad.size" content="${wanted}">.`,
        file,
      ),
    ];
  }
  const size = parseAdSize(content);
  if (!size) {
    const shown = content.length > 60 ? `${content.slice(0, 60)}…` : content;
    return [
      warning(
        'ad-size-invalid',
        `The ad.size meta tag says "${shown}", which cannot be read; it should say "${wanted}".`,
        file,
      ),
    ];
  }
  if (size.width !== creative.width || size.height !== creative.height) {
    return [
      warning(
        'ad-size-mismatch',
        `The ad.size meta tag says ${size.width}x${size.height} but the creative is ${creative.width}x${creative.height}.`,
        file,
      ),
    ];
  }
  return [];
}

/** The content of the first `<meta name="ad.size">`, read by a linear hand-written tag scanner. */
function adSizeContent(html: string): string | undefined {
  const meta = /<meta(?=[\s/>])/gi;
  for (let match = meta.exec(html); match; match = meta.exec(html)) {
    const { name, content, end } = readMetaAttributes(html, match.index + 5);
    if (name?.trim().toLowerCase() === 'ad.size') return content ?? '';
    meta.lastIndex = end;
  }
  return undefined;
}

/** Reads a tag's attributes up to its `>`; each character is looked at a bounded number of times. */
function readMetaAttributes(text: string, from: number) {
  const found: { name?: string; content?: string } = {};
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === '>') return { ...found, end: i + 1 };
    if (isSpace(c) || c === '/' || c === '=') {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < text.length && !isSpace(text[i]) && !'/>='.includes(text[i]!)) i++;
    const attribute = text.slice(nameStart, i).toLowerCase();
    while (isSpace(text[i])) i++;
    let value = '';
    if (text[i] === '=') {
      i++;
      while (isSpace(text[i])) i++;
      const quote = text[i];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, i + 1);
        const stop = close === -1 ? text.length : close;
        value = text.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const start = i;
        while (i < text.length && !isSpace(text[i]) && text[i] !== '>') i++;
        value = text.slice(start, i);
      }
    }
    if ((attribute === 'name' || attribute === 'content') && found[attribute] === undefined) {
      found[attribute] = value;
    }
  }
  return { ...found, end: text.length };
}

/** `width=300,height=250` (spaces allowed around the parts). */
function parseAdSize(content: string): { width: number; height: number } | undefined {
  const values = new Map<string, string>();
  for (const part of content.split(',')) {
    const equals = part.indexOf('=');
    if (equals !== -1) values.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim());
  }
  const width = values.get('width') ?? '';
  const height = values.get('height') ?? '';
  if (!/^\d{1,5}$/.test(width) || !/^\d{1,5}$/.test(height)) return undefined;
  return { width: Number(width), height: Number(height) };
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
