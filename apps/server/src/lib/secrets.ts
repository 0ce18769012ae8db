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

/**
 * A sealer for one purpose: HKDF-SHA-256 over APP_KEY with the purpose as info, so the key that
 * signs URLs never encrypts anything and two purposes never share a key.
 */
export function createSealer(appKey: string, purpose: string): Sealer {
  if (!appKey) throw new Error('A sealer needs APP_KEY');
  const key = Buffer.from(hkdfSync('sha256', appKey, 'adstudio', `secrets ${VERSION} ${purpose}`, 32));
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
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch (error) {
        // GCM's tag check: tampered with, or sealed under another key.
        throw new UnreadableSecretError('The secret cannot be opened with this APP_KEY.', { cause: error });
      }
    },
  };
}
