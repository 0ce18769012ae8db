import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { type Entry, getFileNameLowLevel, openPromise, type ZipFile } from 'yauzl';
import { DEFAULT_ALLOWED_HOSTS, scanContents } from './package-contents';
import {
  compareFindings,
  compareText,
  count,
  error,
  type Finding,
  isSystemError,
  megabytes,
  PACKAGE_LIMITS,
} from './package-findings';

export { DEFAULT_ALLOWED_HOSTS } from './package-contents';
export { type Finding, type FindingCode, type FindingSeverity, PACKAGE_LIMITS } from './package-findings';

/**
 * Inspects and unpacks an uploaded HTML5 producer package (docs/design.md §5, Package). Everything that
 * can block a package is judged from the zip's central directory before a byte is written; unpacking
 * reads the zip from a file and writes through a callback, so the storage behind it may be disk or S3.
 */

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

const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

const hasControlCharacter = (name: string) => [...name].some(isControl);
