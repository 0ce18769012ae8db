import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets kept in the database (a data source's header values), sealed with AES-256-GCM under
 * a key derived from APP_KEY. The text is `v1.<iv>.<ciphertext>.<tag>` (base64url): the version
 * names the key derivation and cipher, so a later scheme can read old rows and rewrite them.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed text that cannot be opened: damaged, sealed under another APP_KEY, or not sealed at all. */
export class UnreadableSecretError extends Error {
  override name = 'UnreadableSecretError';
}

export interface Sealer {
  seal(plain: string): string;
  /** The plain text; throws UnreadableSecretError when the text is not one this key sealed. */
  open(sealed: string): string;
}

/** Whether a stored text is sealed (by any version), as opposed to a legacy plain value. */
export const isSealed = (text: string) => /^v\d+\./.test(text);

/** The AES key of one app key for one purpose. */
const keyFor = (appKey: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', appKey, 'adstudio', `secrets ${VERSION} ${purpose}`, 32));

/** The plain text of `body` under `key`, or undefined when GCM's tag check fails (another key, tampering). */
function openWith(key: Buffer, iv: Buffer, body: string, tag: Buffer): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/**
 * A sealer for one purpose: HKDF-SHA-256 over APP_KEY with the purpose as info, so the key that
 * signs URLs never encrypts anything and two purposes never share a key. It seals under `appKey`
 * and opens what `appKey` or any of `previousKeys` (APP_PREVIOUS_KEYS) sealed, so a rotation loses
 * nothing; a value is sealed under the current key again when it is next saved.
 */
export function createSealer(appKey: string, purpose: string, previousKeys: readonly string[] = []): Sealer {
  if (!appKey) throw new Error('A sealer needs APP_KEY');
  const key = keyFor(appKey, purpose);
  const keys = [key, ...previousKeys.map((previous) => keyFor(previous, purpose))];
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return `${VERSION}.${parts.join('.')}`;
    },
    open(sealed) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined || rest.length)
        throw new UnreadableSecretError('Not a sealed secret.');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new UnreadableSecretError('Not a sealed secret.');
      for (const each of keys) {
        const plain = openWith(each, ivBytes, body, tagBytes);
        if (plain !== undefined) return plain;
      }
      throw new UnreadableSecretError('The secret cannot be opened with APP_KEY or APP_PREVIOUS_KEYS.');
    },
  };
}
