import { describe, expect, it } from 'vitest';
import { chosenEncoding } from './compress-small';

describe('chosenEncoding', () => {
  it('prefers gzip for small answers, then br, and honours q=0', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chosenEncoding('br')).toBe('br');
    expect(chosenEncoding('gzip;q=0, br')).toBe('br');
    expect(chosenEncoding('br;q=0.5, gzip;q=0')).toBe('br');
    expect(chosenEncoding('*')).toBe('gzip');
    expect(chosenEncoding('*, gzip;q=0')).toBe('br');
    expect(chosenEncoding('identity')).toBeUndefined();
    expect(chosenEncoding('deflate')).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
