import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/tokens';

export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  contentType: string;
  /** Unix seconds. */
  expires: number;
}

/** HMAC-SHA256 of one secret over method, key, content type and expiry (docs/design.md §4). */
const signatureWith = (secret: string, { method, key, contentType, expires }: SignedRequest) =>
  createHmac('sha256', secret).update(`${method}\n${key}\n${contentType}\n${expires}`).digest('base64url');

/**
 * Signs with `secret` (APP_KEY) and verifies with it or any of `previous` (APP_PREVIOUS_KEYS), so
 * URLs handed out before a key rotation keep working until they expire.
 */
export function createSigner(secret: string, previous: readonly string[] = []) {
  const signature = (request: SignedRequest) => signatureWith(secret, request);
  const secrets = [secret, ...previous];

  return {
    /** The signature alone, for URLs that carry it elsewhere than the query (render links). */
    signature,

    /** Query string for a signed URL of `key`. */
    query: (request: SignedRequest) =>
      new URLSearchParams({
        expires: String(request.expires),
        ...(request.method === 'GET' ? { 'content-type': request.contentType } : {}),
        signature: signature(request),
      }).toString(),

    verify: (request: SignedRequest, given: string | undefined, now = Date.now()) =>
      typeof given === 'string' &&
      request.expires * 1000 > now &&
      secrets.some((each) => safeEqual(signatureWith(each, request), given)),
  };
}
export type Signer = ReturnType<typeof createSigner>;
