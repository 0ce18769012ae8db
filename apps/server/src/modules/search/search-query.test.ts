import { encodeSearchQuery } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { decodeSearchQuery } from './search-query';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('decodeSearchQuery', () => {
  it('decodes standard base64 of UTF-8 text and trims it', () => {
    expect(decodeSearchQuery(b64('  Café  '))).toBe('Café');
    expect(decodeSearchQuery(b64('日本語 ☕'))).toBe('日本語 ☕');
  });

  it('decodes base64url, with or without padding', () => {
    // '???>' is '/z8/Pg==' in standard base64: both alphabet differences appear.
    expect(b64('???>')).toBe('Pz8/Pg==');
    expect(decodeSearchQuery('Pz8_Pg==')).toBe('???>');
    expect(decodeSearchQuery('Pz8_Pg')).toBe('???>');
    expect(decodeSearchQuery('Pz8/Pg')).toBe('???>');
  });

  it('reads what the contract encoder sends once the path is decoded', () => {
    expect(decodeSearchQuery(decodeURIComponent(encodeSearchQuery(' Ünïcode? '))!)).toBe('Ünïcode?');
  });

  it('finds nothing to search for in bad or blank input', () => {
    expect(decodeSearchQuery('')).toBeNull();
    expect(decodeSearchQuery(b64('   \t '))).toBeNull();
    expect(decodeSearchQuery('not base64!')).toBeNull();
    expect(decodeSearchQuery('QUJD=')).toBeNull(); // padding that does not complete a quantum
    expect(decodeSearchQuery('Q')).toBeNull(); // one leftover character cannot encode a byte
    expect(decodeSearchQuery(Buffer.from([0xc3, 0x28]).toString('base64'))).toBeNull(); // not UTF-8
    expect(decodeSearchQuery(b64('a\u0000b'))).toBeNull();
    expect(decodeSearchQuery(b64('x'.repeat(201)))).toBeNull();
    expect(decodeSearchQuery(b64('x'.repeat(200)))).toBe('x'.repeat(200));
  });
});
