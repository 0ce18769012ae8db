import type { Package } from '@adstudio/contract';
import { useEffect, useRef } from 'react';
import { isUnpacking } from '../../api/packages';
import { type AlertPayload, getAlert, showOutcome } from '../../lib/alert';
import { formatCounted } from '../../lib/format';
import { errorsOf } from './package-rules';

/** The banner's name for one version's unpack job. */
export const unpackJob = (pkg: Pick<Package, 'id'>) => `package:${pkg.id}:unpack`;

/** Said once a version is uploaded; its outcome replaces it (unpackOutcome). */
export const unpackProgress = (pkg: Pick<Package, 'id' | 'version'>): AlertPayload => ({
  status: 200,
  data: { message: `Version ${pkg.version} uploaded; unpacking it…` },
  progressOf: unpackJob(pkg),
});

/** A finding or error as the end of a sentence: "No index.html." → "no index.html". */
const clause = (text: string) => {
  const trimmed = text.trim().replace(/\.+$/, '');
  return /^[A-Z][a-z]/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
};

/** Why a finished unpack job left a version unusable, or null when it is ready to review. */
function unusable(pkg: Pick<Package, 'processing' | 'processing_error' | 'findings'>): string | null {
  if (pkg.processing === 'failed') return clause(pkg.processing_error ?? '') || 'the job failed';
  const [first, ...more] = errorsOf(pkg.findings);
  if (!first) return null;
  return more.length
    ? `${clause(first.message)} (and ${formatCounted(more.length, 'more error')})`
    : clause(first.message);
}

/** How the unpack job of a version ended, with the way to its creative. */
export function unpackOutcome(
  pkg: Pick<Package, 'creative_id' | 'version' | 'processing' | 'processing_error' | 'findings'>,
): AlertPayload {
  const goToView = { name: 'creative', id: pkg.creative_id };
  const reason = unusable(pkg);
  return reason === null
    ? { status: 200, data: { message: `Version ${pkg.version} is unpacked and ready to review.` }, goToView }
    : {
        status: 422,
        data: { message: `Version ${pkg.version} could not be unpacked: ${reason}.` },
        goToView,
      };
}

/**
 * Tells the banner when a version this list saw unpacking is done: its outcome replaces the upload's
 * "unpacking it…" (or shows on an empty banner), never a newer alert.
 */
export function useUnpackOutcomes(packages: readonly Package[] | undefined) {
  const unpacking = useRef(new Set<number>());
  useEffect(() => {
    if (!packages) return;
    for (const pkg of packages) {
      if (isUnpacking(pkg)) {
        unpacking.current.add(pkg.id);
        continue;
      }
      // A job quicker than a render of its "queued" state is still told while its progress shows.
      const followed = unpacking.current.delete(pkg.id) || getAlert().payload?.progressOf === unpackJob(pkg);
      if (followed) showOutcome(unpackJob(pkg), unpackOutcome(pkg));
    }
  }, [packages]);
}
