import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/tokens';

export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  contentType: string;
  /** Unix seconds. */
  expires: number;
}

/** HMAC-SHA256 over method, key, content type and expiry (DESIGN section 4). */
export function createSigner(secret: string) {
  const signature = ({ method, key, contentType, expires }: SignedRequest) =>
    createHmac('sha256', secret).update(`${method}\n${key}\n${contentType}\n${expires}`).digest('base64url');

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
      typeof given === 'string' && request.expires * 1000 > now && safeEqual(signature(request), given),
  };
}
export type Signer = ReturnType<typeof createSigner>;
