/**
 * The one rule for "a path inside this app" that a sign-in may send the user back to. The server
 * applies it to `redirect_app`, the SPA to the login loader's target and to `/redirect/*`.
 * Pure string work (no zod), so the SPA's first load can use it.
 */

const BASE = 'http://app.invalid';
const MAX_LENGTH = 2048;
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const UNSAFE_CHAR = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The SPA's `/redirect/*` route; React Router matches it ignoring case. */
const REDIRECT_ROUTE = /^\/redirect(?:\/|$)/i;

/**
 * Decodes `%XX` escapes of ASCII characters until nothing changes, never throwing, so an escape
 * hidden under another (`%252F`) is seen as the character it ends up as.
 */
function decodeAscii(value: string): string {
  let current = value;
  for (let round = 0; round < 8; round++) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) return current;
    current = next;
  }
  return current;
}

const startsWithOneSlash = (path: string) => path.startsWith('/') && !/^\/[/\\]/.test(path);

/** Dot segments resolved; null when the text leaves the app's origin or does not start with one `/`. */
function resolve(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE && startsWithOneSlash(url.pathname) ? url : null;
}

/**
 * `value` as a normalised same-origin path (`/x/../campaigns?page=2` → `/campaigns?page=2`), or null
 * when a browser or the SPA's router could take it anywhere else: not starting with exactly one `/`
 * (`//host`, `/\host`, `https://host`, `host`), a backslash or control character (also
 * percent-encoded), dot segments that climb to `//host`, malformed escapes, more than 2048
 * characters, or a `/redirect/…` path whose target is not itself safe by this rule.
 */
export function safeAppPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!startsWithOneSlash(value) || UNSAFE_CHAR.test(value)) return null;
  try {
    decodeURIComponent(value);
  } catch {
    return null;
  }
  const decoded = decodeAscii(value);
  if (UNSAFE_CHAR.test(decoded)) return null;

  const url = resolve(value);
  // The same checks on the decoded text: what a router sees once it has decoded the path.
  const seen = resolve(decoded);
  if (!url || !seen) return null;
  for (const { pathname, search, hash } of [url, seen]) {
    if (REDIRECT_ROUTE.test(pathname)) {
      const target = `/${pathname.replace(REDIRECT_ROUTE, '')}${search}${hash}`;
      if (safeAppPath(target) === null) return null;
    }
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
