import { describe, expect, it } from 'vitest';
import { createHeaderVault } from './data-source-headers';

const OLD_KEY = 'o'.repeat(40);
const NEW_KEY = 'n'.repeat(40);
const HEADERS = [{ name: 'Authorization', value: 'Bearer sk_live_123' }];

describe('createHeaderVault', () => {
  it('reads back what it wrote, sealed', () => {
    const vault = createHeaderVault(NEW_KEY);
    const stored = vault.write(HEADERS);
    expect(stored).not.toContain('sk_live');
    expect(vault.read(stored)).toEqual({ headers: HEADERS, unreadable: false });
  });

  it('reads rows written before sealing as no headers', () => {
    expect(createHeaderVault(NEW_KEY).read('{}')).toEqual({ headers: [], unreadable: false });
  });

  it('still reads headers sealed under a previous APP_KEY, and seals anew under the current one', () => {
    const stored = createHeaderVault(OLD_KEY).write(HEADERS);
    const rotated = createHeaderVault(NEW_KEY, [OLD_KEY]);
    expect(rotated.read(stored)).toEqual({ headers: HEADERS, unreadable: false });
    const resaved = rotated.write(rotated.read(stored).headers);
    expect(createHeaderVault(NEW_KEY).read(resaved)).toEqual({ headers: HEADERS, unreadable: false });
    expect(createHeaderVault(OLD_KEY).read(resaved).unreadable).toBe(true);
  });

  it('reports headers sealed under a key no longer listed as unreadable', () => {
    const stored = createHeaderVault(OLD_KEY).write(HEADERS);
    expect(createHeaderVault(NEW_KEY).read(stored)).toEqual({ headers: [], unreadable: true });
  });
});
