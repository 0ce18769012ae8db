/**
 * What a producer package is judged by: its limits, and the findings that inspecting its zip
 * (package-zip.ts) and reading its files (package-contents.ts) report, in the order they are shown.
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

export const error = (code: FindingCode, message: string, file?: string): Finding => ({
  severity: 'error',
  code,
  message,
  ...(file === undefined ? {} : { file }),
});

export const warning = (code: FindingCode, message: string, file?: string): Finding => ({
  ...error(code, message, file),
  severity: 'warning',
});

const SEVERITY_ORDER: Record<FindingSeverity, number> = { error: 0, warning: 1 };

export const compareFindings = (a: Finding, b: Finding) =>
  SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
  compareText(a.file ?? '', b.file ?? '') ||
  compareText(a.code, b.code) ||
  compareText(a.message, b.message);

/** Code-unit order: the same on every machine, whatever its locale. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const count = (n: number) => n.toLocaleString('en-US');

export const megabytes = (bytes: number) => `${count(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;

/** fs errors (ENOENT, EIO, …) are the caller's problem, not the producer's; zlib's are the package's. */
export const isSystemError = (cause: unknown) =>
  cause instanceof Error && typeof (cause as NodeJS.ErrnoException).syscall === 'string';
