import type { Package, PackageFinding, PackageStatus } from '@adstudio/contract';
import { isUnpacking } from '../../api/packages';

export const errorsOf = (findings: readonly PackageFinding[]) =>
  findings.filter((f) => f.severity === 'error');
export const warningsOf = (findings: readonly PackageFinding[]) =>
  findings.filter((f) => f.severity === 'warning');

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A review action on one version: offered at all, and if offered, enabled or why not. */
export type ReviewAction = { offered: false } | { offered: true; reason: string | null };

/**
 * What a reviewer may do with a version (mirrors the server's rule, which answers 422 otherwise):
 * approve an unpacked version without errors; reject any version. An action that would not change
 * the status is not offered, nor any action without `edit assets`.
 */
export function reviewActions(
  pkg: Pick<Package, 'status' | 'processing' | 'findings'>,
  canWrite: boolean,
): Record<'approve' | 'reject', ReviewAction> {
  const offered = (status: PackageStatus) => canWrite && pkg.status !== status;
  const errors = errorsOf(pkg.findings).length;
  let reason: string | null = null;
  if (isUnpacking(pkg)) reason = 'It is still being unpacked.';
  else if (pkg.processing === 'failed') reason = 'It could not be unpacked; upload it again.';
  else if (errors > 0) reason = `It has ${plural(errors, 'error')}; upload a corrected version.`;
  return {
    approve: offered('approved') ? { offered: true, reason } : { offered: false },
    reject: offered('rejected') ? { offered: true, reason: null } : { offered: false },
  };
}

/** What renders (docs/design.md §5): the newest approved version; the list comes newest first. */
export const newestApproved = (packages: readonly Package[]): Package | undefined =>
  packages.find((pkg) => pkg.status === 'approved');

const PROCESSING_TEXT: Readonly<Record<Package['processing'], string>> = {
  queued: 'Waiting to be unpacked',
  unpacking: 'Unpacking…',
  ready: 'Unpacked',
  failed: 'Unpacking failed',
};

/** How far unpacking is; a version with errors is checked but never unpacked. */
export const processingText = (pkg: Pick<Package, 'processing' | 'findings'>): string =>
  pkg.processing === 'ready' && errorsOf(pkg.findings).length > 0
    ? 'Checked, not unpacked'
    : PROCESSING_TEXT[pkg.processing];

/** "3 files · 1.2 MB unpacked", once known. */
export function contentsText(
  pkg: Pick<Package, 'file_count' | 'unpacked_size'>,
  bytes: (n: number) => string,
) {
  const parts: string[] = [];
  if (pkg.file_count !== null) parts.push(plural(pkg.file_count, 'file'));
  if (pkg.unpacked_size !== null) parts.push(`${bytes(pkg.unpacked_size)} unpacked`);
  return parts.join(' · ');
}

/** Whether a dropped or chosen file looks like a zip (the server checks the bytes anyway). */
export const looksLikeZip = (file: Pick<File, 'name' | 'type'>): boolean =>
  /\.zip$/i.test(file.name) || /^application\/(x-)?zip(-compressed)?$/i.test(file.type);
