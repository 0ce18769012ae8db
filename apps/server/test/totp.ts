import { createHmac } from 'node:crypto';

/**
 * A TOTP generator written here from RFC 6238 and RFC 4226 (HMAC-SHA1 of the 30-second step,
 * dynamic truncation), independent of the library the server uses, so tests check the server's
 * codes against a second implementation.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const fromBase32 = (text: string) => {
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
};
/** RFC 6238 with SHA-1: HOTP (RFC 4226) of the 30-second step. */
export function independentCode(key: Buffer, atMs: number, digits = 6) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, '0');
}
