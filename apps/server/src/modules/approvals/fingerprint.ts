import { createHash } from 'node:crypto';
import { parseJson } from '../../lib/json';

/**
 * What a publisher decides on (docs/design.md §5): the package that renders, the fallback image and
 * the dynamic content (the feed and rule filter the creative serves, and its dynamic code). A
 * change to any of them puts a decision back to pending.
 */
export interface Fingerprint {
  /** `{package id}@{version}` of the newest approved package; null while none is approved. */
  package: string | null;
  fallback: number | null;
  /** A digest of feed, rule filter and dynamic code. */
  dynamic: string;
}

export interface FingerprintBasis {
  packageId: number | null;
  packageVersion: number | null;
  fallbackAssetId: number | null;
  profileId: number | null;
  ruleFilter: string | null;
  dynamicCode: string | null;
}

export function fingerprintOf(basis: FingerprintBasis): Fingerprint {
  const dynamic = createHash('sha256')
    .update(JSON.stringify([basis.profileId, basis.ruleFilter, basis.dynamicCode]))
    .digest('base64url')
    .slice(0, 16);
  return {
    package: basis.packageId === null ? null : `${basis.packageId}@${basis.packageVersion}`,
    fallback: basis.fallbackAssetId,
    dynamic,
  };
}

export const serializeFingerprint = (fingerprint: Fingerprint) => JSON.stringify(fingerprint);
export const parseFingerprint = (text: string | null): Fingerprint | null =>
  text === null ? null : parseJson<Fingerprint | null>(text, null);

/** Why a decision made on `then` no longer holds for `now`; null when nothing it covered changed. */
export function resetReason(then: Fingerprint, now: Fingerprint): string | null {
  const changes: string[] = [];
  if (then.package !== now.package) {
    const version = now.package?.split('@')[1];
    changes.push(
      version ? `the package changed (version ${version} is now approved)` : 'the package was withdrawn',
    );
  }
  if (then.fallback !== now.fallback) changes.push('the fallback image changed');
  if (then.dynamic !== now.dynamic) changes.push('the dynamic content changed');
  if (!changes.length) return null;
  const text = changes.join(', ');
  return `Back to pending: ${text}.`;
}
