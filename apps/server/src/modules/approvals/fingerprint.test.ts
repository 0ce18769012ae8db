import { describe, expect, it } from 'vitest';
import {
  type FingerprintBasis,
  fingerprintOf,
  parseFingerprint,
  resetReason,
  serializeFingerprint,
} from './fingerprint';

const basis: FingerprintBasis = {
  packageId: 7,
  packageVersion: 2,
  fallbackAssetId: 3,
  profileId: 4,
  ruleFilter: null,
  dynamicCode: 'var x = 1;',
};

describe('fingerprints of what a publisher decided on', () => {
  it('round-trips and finds no change in the same creative', () => {
    const print = fingerprintOf(basis);
    expect(parseFingerprint(serializeFingerprint(print))).toEqual(print);
    expect(resetReason(print, fingerprintOf({ ...basis }))).toBeNull();
  });

  it('names each change', () => {
    const then = fingerprintOf(basis);
    expect(resetReason(then, fingerprintOf({ ...basis, packageId: 9, packageVersion: 3 }))).toBe(
      'Back to pending: the package changed (version 3 is now approved).',
    );
    expect(resetReason(then, fingerprintOf({ ...basis, packageId: null, packageVersion: null }))).toBe(
      'Back to pending: the package was withdrawn.',
    );
    expect(
      resetReason(then, fingerprintOf({ ...basis, fallbackAssetId: null, dynamicCode: 'var x = 2;' })),
    ).toBe('Back to pending: the fallback image changed, the dynamic content changed.');
    expect(
      resetReason(then, fingerprintOf({ ...basis, ruleFilter: '{"column":"City","values":["Oslo"]}' })),
    ).toBe('Back to pending: the dynamic content changed.');
  });
});
