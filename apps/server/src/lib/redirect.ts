const FALLBACK = '/dashboard';

/**
 * Keeps `redirect_app` to a path inside this app. Anything that a browser could read as another
 * origin (`//host`, `/\host`, `https://host`, control characters, encoded slashes) falls back.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return FALLBACK;
  if (!value.startsWith('/')) return FALLBACK;
  if (value.startsWith('//') || value.startsWith('/\\')) return FALLBACK;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return FALLBACK;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return FALLBACK;
  }
  if (decoded.startsWith('//') || decoded.startsWith('/\\') || decoded.includes('\\')) return FALLBACK;
  const resolved = new URL(value, 'http://app.invalid');
  if (resolved.origin !== 'http://app.invalid') return FALLBACK;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return path === '/' ? FALLBACK : path;
}
