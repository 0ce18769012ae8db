import { SEARCH_MAX_QUERY_LENGTH } from '@adstudio/contract';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The `{q}` of `GET /v1/search/{q}`: base64 (standard or URL-safe, padded or not) of UTF-8 text.
 * Returns the trimmed query, or null when there is nothing to search for: bad base64, bytes that
 * are not UTF-8, a NUL (PostgreSQL text cannot hold one), blank or over-long text.
 */
export function decodeSearchQuery(raw: string): string | null {
  if (!BASE64.test(raw)) return null;
  const body = raw.replace(/=+$/, '');
  const padding = raw.length - body.length;
  if (body.length % 4 === 1 || (padding > 0 && raw.length % 4 !== 0)) return null;
  let text: string;
  try {
    text = utf8.decode(Buffer.from(body.replaceAll('-', '+').replaceAll('_', '/'), 'base64'));
  } catch {
    return null;
  }
  const query = text.trim();
  if (query.length === 0 || query.includes('\u0000')) return null;
  if ([...query].length > SEARCH_MAX_QUERY_LENGTH) return null;
  return query;
}
