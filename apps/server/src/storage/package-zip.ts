import { extname } from 'node:path/posix';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { type Entry, getFileNameLowLevel, openPromise, type ZipFile } from 'yauzl';

/**
 * Inspects and unpacks an uploaded HTML5 producer package (docs/design.md §5, Package). Everything that
 * can block a package is judged from the zip's central directory before a byte is written; unpacking
 * reads the zip from a file and writes through a callback, so the storage behind it may be disk or S3.
 */

export const PACKAGE_LIMITS = {
  entries: 1000,
  unpackedBytes: 200 * 1024 * 1024,
  /** Unpacked size : compressed size, per entry and for the whole zip. */
  ratio: 100,
  // Small text files may deflate past 100:1; below this size a high ratio costs nothing, as the
  // unpacked total is capped and every entry's size is enforced while unpacking.
  ratioMinBytes: 1024 * 1024,
  scanFileBytes: 2 * 1024 * 1024,
  scanTotalBytes: 10 * 1024 * 1024,
  /** Outside hosts named one by one; a hostile package could name thousands. */
  hostWarnings: 20,
} as const;

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

export type FindingSeverity = 'error' | 'warning';
export type FindingCode =
  | 'not-a-zip'
  | 'corrupt'
  | 'too-many-entries'
  | 'too-large'
  | 'zip-bomb'
  | 'zip-slip'
  | 'absolute-path'
  | 'invalid-name'
  | 'symlink'
  | 'encrypted'
  | 'unsupported-compression'
  | 'duplicate-path'
  | 'no-index-html'
  | 'ad-size-missing'
  | 'ad-size-invalid'
  | 'ad-size-mismatch'
  | 'no-click-tag'
  | 'outside-host';

/** One thing a producer should know about the package; errors block approval. */
export interface Finding {
  severity: FindingSeverity;
  code: FindingCode;
  message: string;
  /** The path as it is in the zip. */
  file?: string;
}

export interface PackageInspection {
  /** No error findings: the package may be unpacked. */
  ok: boolean;
  /** `index.html` or `folder/index.html`. */
  entryFile: string | null;
  /** `''` or the one top folder everything is in, e.g. `banner/`. */
  root: string;
  fileCount: number;
  unpackedSize: number;
  /** What unpacking writes, relative to `root`, in path order. */
  files: { path: string; size: number }[];
  /** Errors first, then by file, code and message. */
  findings: Finding[];
}

/** Writes one unpacked file; `body` yields exactly `size` bytes or fails. */
export type WriteFile = (path: string, body: Readable, size: number) => Promise<void>;

/** The package cannot be unpacked as inspected (errors, changed since, or an entry lying about its size). */
export class PackageError extends Error {
  override name = 'PackageError';
}

export async function inspectPackage(
  zipFile: string,
  creative: { width: number; height: number },
  options: { allowedHosts?: readonly string[] } = {},
): Promise<PackageInspection> {
  const zip = await openZip(zipFile);
  if (!zip.ok) return toInspection(emptyListing([zip.finding]), []);
  try {
    const listing = await listEntries(zip.zip);
    const warnings = listing.entryFile
      ? await scanContents(zip.zip, listing, creative, new Set(options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS))
      : [];
    return toInspection(listing, warnings);
  } finally {
    zip.zip.close();
  }
}

/**
 * Writes the inspected files (root stripped) one by one. The central directory is read and judged
 * again first, so a zip that changed since its inspection is refused before anything is written.
 */
export async function unpackPackage(
  zipFile: string,
  inspection: PackageInspection,
  write: WriteFile,
): Promise<void> {
  if (!inspection.ok) throw new PackageError('The package has errors and cannot be unpacked.');
  const zip = await openZip(zipFile);
  if (!zip.ok) throw new PackageError('The package changed since it was inspected.');
  try {
    const listing = await listEntries(zip.zip);
    const again = toInspection(listing, []);
    if (!again.ok || !sameFiles(again, inspection)) {
      throw new PackageError('The package changed since it was inspected.');
    }
    for (const file of listing.files) await writeEntry(zip.zip, file, listing.root, write);
  } finally {
    zip.zip.close();
  }
}

// ---- reading the central directory ----

interface PackageFile {
  entry: Entry;
  /** Normalised path in the zip (`/` separators, no `.` or empty segments). */
  path: string;
  size: number;
  /** Plain, unencrypted, stored or deflated: its bytes can be read. */
  readable: boolean;
}

interface Listing {
  files: PackageFile[];
  root: string;
  entryFile: string | null;
  findings: Finding[];
}

const emptyListing = (findings: Finding[]): Listing => ({ files: [], root: '', entryFile: null, findings });

type OpenedZip = { ok: true; zip: ZipFile } | { ok: false; finding: Finding };

async function openZip(zipFile: string): Promise<OpenedZip> {
  try {
    // Names are decoded by us (decodeStrings: false): yauzl would stop at the first unsafe name,
    // and producers should see every one. Closed by the caller (autoClose: false), because entries
    // are read only after the whole central directory has been judged.
    const zip = await openPromise(zipFile, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
    return { ok: true, zip };
  } catch (cause) {
    if (isSystemError(cause)) throw cause;
    return { ok: false, finding: error('not-a-zip', 'The file is not a zip archive, or it is damaged.') };
  }
}

async function listEntries(zip: ZipFile): Promise<Listing> {
  const { entries, ratio, ratioMinBytes, unpackedBytes } = PACKAGE_LIMITS;
  if (zip.entryCount > entries) {
    return emptyListing([
      error(
        'too-many-entries',
        `The zip holds ${count(zip.entryCount)} entries; at most ${count(entries)} are allowed.`,
      ),
    ]);
  }

  const findings: Finding[] = [];
  const files: PackageFile[] = [];
  let declaredTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declaredTotal += entry.uncompressedSize;
      const name = getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const unsafe = checkName(name);
      if (unsafe) {
        findings.push(unsafe);
        continue;
      }
      const problem = checkEntry(entry, name);
      if (problem) findings.push(problem);
      if (entry.uncompressedSize > ratioMinBytes && entry.uncompressedSize > ratio * entry.compressedSize) {
        findings.push(
          error(
            'zip-bomb',
            `${name} unpacks to ${Math.floor(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its compressed size (at most ${ratio} allowed); it looks like a zip bomb.`,
            name,
          ),
        );
      }
      const path = normalisePath(name);
      if (path === null || isIgnored(path)) continue;
      files.push({ entry, path, size: entry.uncompressedSize, readable: !problem });
    }
  } catch (cause) {
    if (isSystemError(cause)) throw cause;
    const encrypted = cause instanceof Error && cause.message.includes('encryption');
    return emptyListing([
      ...findings,
      encrypted
        ? error('encrypted', 'The zip uses strong encryption; upload it without a password.')
        : error('corrupt', 'The zip archive is damaged: its list of files cannot be read.'),
    ]);
  }

  files.sort((a, b) => compareText(a.path, b.path));
  findings.push(...findDuplicates(files));

  const unpackedSize = files.reduce((sum, file) => sum + file.size, 0);
  if (unpackedSize > unpackedBytes) {
    findings.push(
      error(
        'too-large',
        `The package unpacks to ${megabytes(unpackedSize)}; at most ${megabytes(unpackedBytes)} are allowed.`,
      ),
    );
  }
  if (declaredTotal > ratioMinBytes && declaredTotal > ratio * zip.fileSize) {
    findings.push(
      error(
        'zip-bomb',
        `The zip unpacks to ${Math.floor(declaredTotal / Math.max(zip.fileSize, 1))} times its own size (at most ${ratio} allowed); it looks like a zip bomb.`,
      ),
    );
  }

  const { root, entryFile } = findEntryFile(files.map((file) => file.path));
  if (!entryFile) {
    findings.push(
      error('no-index-html', 'There is no index.html at the top of the zip or inside its one top folder.'),
    );
  }
  return { files, root, entryFile, findings };
}

/** Names that must never reach storage: outside the package, absolute, or with control characters. */
function checkName(name: string): Finding | undefined {
  if (hasControlCharacter(name)) {
    const shown = [...name].map((c) => (isControl(c) ? '?' : c)).join('');
    return error('invalid-name', `${shown} has control characters in its name; rename it.`, shown);
  }
  const slashed = name.replaceAll('\\', '/');
  // `\\server\share` becomes `//server/share` and is caught as absolute too.
  if (slashed.startsWith('/') || /^[a-z]:/i.test(slashed)) {
    return error('absolute-path', `${name} has an absolute path; paths in the zip must be relative.`, name);
  }
  if (slashed.split('/').includes('..')) {
    return error('zip-slip', `${name} points outside the package (its path contains "..").`, name);
  }
  return undefined;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function checkEntry(entry: Entry, name: string): Finding | undefined {
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
    return error('symlink', `${name} is a symbolic link; a package may hold only plain files.`, name);
  }
  if (entry.isEncrypted()) {
    return error('encrypted', `${name} is password-protected; upload the package without a password.`, name);
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return error(
      'unsupported-compression',
      `${name} uses a compression method (${entry.compressionMethod}) that cannot be unpacked; zip it again with standard compression.`,
      name,
    );
  }
  return undefined;
}

/** `a\b/./c` → `a/b/c`; null for folders, which are not written. */
function normalisePath(name: string): string | null {
  if (name.endsWith('/') || name.endsWith('\\')) return null;
  const path = name
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
  return path === '' ? null : path;
}

/** macOS adds these to zips it makes; they are neither unpacked nor counted. */
const isIgnored = (path: string) =>
  path.startsWith('__MACOSX/') || path === '.DS_Store' || path.endsWith('/.DS_Store');

/** Disks and S3 disagree on letter case and Unicode normalisation (macOS names are NFD). */
function findDuplicates(files: PackageFile[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, string>();
  const folders = new Set<string>();
  for (const { path } of files) {
    const key = path.normalize('NFC').toLowerCase();
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, path);
    else if (earlier === path)
      findings.push(error('duplicate-path', `${path} is in the zip more than once.`, path));
    else {
      findings.push(
        error(
          'duplicate-path',
          `${earlier} and ${path} differ only in letter case; rename one of them.`,
          path,
        ),
      );
    }
    for (let slash = key.indexOf('/'); slash !== -1; slash = key.indexOf('/', slash + 1)) {
      folders.add(key.slice(0, slash));
    }
  }
  for (const [key, path] of seen) {
    if (folders.has(key)) {
      findings.push(
        error('duplicate-path', `${path} is both a file and a folder; rename one of them.`, path),
      );
    }
  }
  return findings;
}

function findEntryFile(paths: string[]): { root: string; entryFile: string | null } {
  if (paths.includes('index.html')) return { root: '', entryFile: 'index.html' };
  const first = paths[0];
  const slash = first?.indexOf('/') ?? -1;
  if (first === undefined || slash === -1) return { root: '', entryFile: null };
  const root = first.slice(0, slash + 1);
  if (paths.every((path) => path.startsWith(root)) && paths.includes(`${root}index.html`)) {
    return { root, entryFile: `${root}index.html` };
  }
  return { root: '', entryFile: null };
}

// ---- reading index.html, scripts and styles ----

const SCANNED_EXTENSIONS = new Set(['.html', '.htm', '.js', '.mjs', '.css']);

/**
 * An absolute or protocol-relative URL where a request starts: right after a quote (attribute values,
 * string literals), `=` (unquoted attributes) or `url(` (CSS). URLs in comments and prose are skipped.
 * Linear: every part after the fixed opening is greedy and unambiguous.
 */
const URL_REFERENCE = /(?:["'`=]|url\()\s*["']?(?:https?:)?(?:\\?\/){2}([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

/** Studio-style creatives exit through `Enabler.exit`, which the render shim sends through the click tracker. */
const CLICK_TAG = /\bclickTag\b|\bEnabler\.exit/;

async function scanContents(
  zip: ZipFile,
  listing: Listing,
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

// ---- unpacking ----

function sameFiles(a: PackageInspection, b: PackageInspection): boolean {
  return (
    a.root === b.root &&
    a.files.length === b.files.length &&
    a.files.every((file, i) => file.path === b.files[i]?.path && file.size === b.files[i]?.size)
  );
}

async function writeEntry(zip: ZipFile, file: PackageFile, root: string, write: WriteFile): Promise<void> {
  const source = await zip.openReadStreamPromise(file.entry);
  const body = new ExactSize(file.size);
  let sourceFailed = false;
  source.once('error', () => {
    sourceFailed = true;
  });
  // pipeline forwards a source error (yauzl's own size check, a bad deflate stream) to `body`.
  pipeline(source, body, () => {});
  try {
    await write(file.path.slice(root.length), body, file.size);
  } catch (cause) {
    if (sourceFailed || body.failed) {
      throw new PackageError(`${file.path} does not hold the ${file.size} bytes the zip declares.`, {
        cause,
      });
    }
    throw cause;
  } finally {
    body.destroy();
  }
  if (body.count !== file.size) throw new Error(`The write callback did not read all of ${file.path}.`);
}

/** Passes exactly `expected` bytes, failing as soon as there are more, or at the end if fewer. */
class ExactSize extends Transform {
  count = 0;
  failed = false;

  constructor(private readonly expected: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.count += chunk.length;
    if (this.count > this.expected) return callback(this.fail('more'));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    callback(this.count < this.expected ? this.fail('fewer') : null);
  }

  private fail(what: 'more' | 'fewer') {
    this.failed = true;
    return new Error(`The entry holds ${what} bytes than the ${this.expected} declared.`);
  }
}

// ---- small helpers ----

function toInspection(listing: Listing, warnings: Finding[]): PackageInspection {
  const findings = [...listing.findings, ...warnings].sort(compareFindings);
  return {
    ok: !findings.some((finding) => finding.severity === 'error'),
    entryFile: listing.entryFile,
    root: listing.root,
    fileCount: listing.files.length,
    unpackedSize: listing.files.reduce((sum, file) => sum + file.size, 0),
    files: listing.files.map((file) => ({ path: file.path.slice(listing.root.length), size: file.size })),
    findings,
  };
}

const error = (code: FindingCode, message: string, file?: string): Finding => ({
  severity: 'error',
  code,
  message,
  ...(file === undefined ? {} : { file }),
});

const warning = (code: FindingCode, message: string, file?: string): Finding => ({
  ...error(code, message, file),
  severity: 'warning',
});

const SEVERITY_ORDER: Record<FindingSeverity, number> = { error: 0, warning: 1 };

const compareFindings = (a: Finding, b: Finding) =>
  SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
  compareText(a.file ?? '', b.file ?? '') ||
  compareText(a.code, b.code) ||
  compareText(a.message, b.message);

/** Code-unit order: the same on every machine, whatever its locale. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

const hasControlCharacter = (name: string) => [...name].some(isControl);

const count = (n: number) => n.toLocaleString('en-US');

const megabytes = (bytes: number) => `${count(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;

/** fs errors (ENOENT, EIO, …) are the caller's problem, not the producer's; zlib's are the package's. */
const isSystemError = (cause: unknown) =>
  cause instanceof Error && typeof (cause as NodeJS.ErrnoException).syscall === 'string';
