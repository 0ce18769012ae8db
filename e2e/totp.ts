import { createHmac } from 'node:crypto';

/**
 * A TOTP generator from RFC 6238 and RFC 4226 (HMAC-SHA1 of the 30-second step, dynamic
 * truncation), as apps/server/test/totp.ts has it: independent of the library the server uses, so
 * the browser tests sign in with codes the server did not make.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const STEP_MS = 30_000;

export const fromBase32 = (text: string) => {
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
};

/** The code of the 30-second step that holds `atMs`. */
export function totpCode(key: Buffer, atMs: number, digits = 6) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / STEP_MS)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, '0');
}
