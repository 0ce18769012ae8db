import { describe, expect, it } from 'vitest';
import { createSealer, isSealed, UnreadableSecretError } from './secrets';

const KEY = 'k'.repeat(40);

describe('createSealer', () => {
  it('seals to a versioned text that hides the secret and opens back to it', () => {
    const sealer = createSealer(KEY, 'headers');
    const secret = 'Bearer sk_live_1234567890 — é ✓';
    const sealed = sealer.seal(secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('sk_live');
    expect(isSealed(sealed)).toBe(true);
    expect(sealer.open(sealed)).toBe(secret);
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    const sealer = createSealer(KEY, 'headers');
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
    expect(sealer.open(sealer.seal(''))).toBe('');
  });

  it('refuses a text sealed under another APP_KEY or for another purpose', () => {
    const sealed = createSealer(KEY, 'headers').seal('secret');
    expect(() => createSealer('x'.repeat(40), 'headers').open(sealed)).toThrow(UnreadableSecretError);
    expect(() => createSealer(KEY, 'other').open(sealed)).toThrow(UnreadableSecretError);
  });

  it('refuses a tampered text, a legacy plain value and an unknown version', () => {
    const sealer = createSealer(KEY, 'headers');
    const [version, iv, body, tag] = sealer.seal('secret value').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    for (const text of [
      [version, iv, flipped.toString('base64url'), tag].join('.'),
      [version, iv, body].join('.'),
      '{}',
      `v2.${iv}.${body}.${tag}`,
    ]) {
      expect(() => sealer.open(text), text).toThrow(UnreadableSecretError);
    }
    expect(isSealed('{}')).toBe(false);
  });
});

describe('createSealer after an APP_KEY rotation', () => {
  const OLD = 'o'.repeat(40);

  it('opens what a previous key sealed, and seals under the current key only', () => {
    const rotated = createSealer(KEY, 'headers', [OLD]);
    expect(rotated.open(createSealer(OLD, 'headers').seal('old secret'))).toBe('old secret');
    const resealed = rotated.seal('old secret');
    expect(createSealer(KEY, 'headers').open(resealed)).toBe('old secret');
    expect(() => createSealer(OLD, 'headers').open(resealed)).toThrow(UnreadableSecretError);
  });

  it('refuses a key that is no longer listed, or a previous key for another purpose', () => {
    const sealed = createSealer(OLD, 'headers').seal('secret');
    expect(() => createSealer(KEY, 'headers').open(sealed)).toThrow(UnreadableSecretError);
    expect(() => createSealer(KEY, 'other', [OLD]).open(sealed)).toThrow(UnreadableSecretError);
  });
});
