import { describe, expect, it } from 'vitest';
import { createSigner } from './signer';

const signer = createSigner('x'.repeat(32));
const request = { method: 'PUT' as const, key: 'tmp/abc', contentType: 'image/png', expires: 2_000_000_000 };
const signatureOf = (query: string) => new URLSearchParams(query).get('signature') ?? undefined;

describe('createSigner', () => {
  it('verifies its own signature until the expiry', () => {
    const signature = signatureOf(signer.query(request));
    expect(signer.verify(request, signature, 1_999_999_999_000)).toBe(true);
    expect(signer.verify(request, signature, 2_000_000_000_000)).toBe(false);
  });

  it.each([
    ['method', { method: 'GET' as const }],
    ['key', { key: 'tmp/abd' }],
    ['content type', { contentType: 'text/html' }],
    ['expiry', { expires: 2_000_000_001 }],
  ])('binds the %s', (_name, change) => {
    const signature = signatureOf(signer.query(request));
    expect(signer.verify({ ...request, ...change }, signature, 0)).toBe(false);
  });

  it('refuses another secret and a missing signature', () => {
    const other = createSigner('y'.repeat(32));
    expect(other.verify(request, signatureOf(signer.query(request)), 0)).toBe(false);
    expect(signer.verify(request, undefined, 0)).toBe(false);
  });
});

describe('createSigner after an APP_KEY rotation', () => {
  const oldKey = 'o'.repeat(32);
  const rotated = createSigner('n'.repeat(32), [oldKey]);

  it('still accepts what the previous key signed, until it expires', () => {
    const signature = signatureOf(createSigner(oldKey).query(request));
    expect(rotated.verify(request, signature, 1_999_999_999_000)).toBe(true);
    expect(rotated.verify(request, signature, 2_000_000_000_000)).toBe(false);
  });

  it('signs with the current key only', () => {
    const signature = signatureOf(rotated.query(request));
    expect(createSigner('n'.repeat(32)).verify(request, signature, 0)).toBe(true);
    expect(createSigner(oldKey).verify(request, signature, 0)).toBe(false);
    expect(rotated.signature(request)).toBe(signature);
  });

  it('refuses a key that is no longer listed', () => {
    const signature = signatureOf(createSigner(oldKey).query(request));
    expect(createSigner('n'.repeat(32)).verify(request, signature, 0)).toBe(false);
  });
});
