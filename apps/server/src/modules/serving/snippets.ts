import {
  AD_SANDBOX,
  AD_SERVER_MACROS,
  AD_TAG_CLICK_MAX,
  type AdServer,
  type AdServerMacros,
} from '@adstudio/contract';
import { escapeHtml } from '../../lib/html';

/** What the tag's frame may do: every ad frame's sandbox (contract `AD_SANDBOX`). */
export const FRAME_SANDBOX = AD_SANDBOX;

export const servePath = (token: string) => `/serve/${token}`;

/**
 * The ad call's parameters a tag's snippets carry for its ad server: its click and cache-buster
 * macros, `click=` last when the ad server fills it unescaped (it is then read to the end, its own
 * `&`s included: `givenClick`); none for `generic`.
 */
function macroQuery(adServer: AdServer) {
  const macros = AD_SERVER_MACROS[adServer];
  if (!macros) return '';
  return macros.escaped
    ? `?click=${macros.click}&cb=${macros.cachebuster}`
    : `?cb=${macros.cachebuster}&click=${macros.click}`;
}

/** The snippets of a tag whose document is at `serveUrl`, for a creative of this size and an ad server. */
export function tagSnippets(serveUrl: string, size: { width: number; height: number }, adServer: AdServer) {
  const query = macroQuery(adServer);
  const attr = (url: string) => escapeHtml(url);
  return {
    js: `<script src="${attr(`${serveUrl}.js${query}`)}"></script>`,
    iframe:
      `<iframe src="${attr(`${serveUrl}${query}`)}" width="${size.width}" height="${size.height}" ` +
      `frameborder="0" scrolling="no" marginwidth="0" marginheight="0" style="border:0" ` +
      `sandbox="${FRAME_SANDBOX}"></iframe>`,
  };
}

/**
 * What a tag is pasted as: its serve URL under `serveBase` (RENDER_URL, else APP_URL) and its
 * snippets with its ad server's macros.
 */
export function tagCode(
  serveBase: string,
  tag: { token: string; ad_server: AdServer },
  size: { width: number; height: number },
) {
  const serveUrl = `${serveBase}${servePath(tag.token)}`;
  return { serve_url: serveUrl, ...tagSnippets(serveUrl, size, tag.ad_server) };
}

/**
 * The characters a URL may hold as written (RFC 3986: unreserved, reserved and `%`): no space, CR/LF
 * or other control character, and nothing markup reads (`<`, `>`, `"`), reaches a page or a header.
 */
const URL_TEXT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/**
 * The ad server's click URL as a served tag may use it: an absolute http(s) URL of URL characters,
 * at most AD_TAG_CLICK_MAX characters, kept as given (the ad server appends the destination to it);
 * anything else — an unreplaced macro, javascript:, CRLF, too long — is dropped.
 */
export function adServerClick(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > AD_TAG_CLICK_MAX || !URL_TEXT.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The raw text after the ad call's `click=` parameter, to the end of its query string. */
export function clickRest(rawQuery: string): string | undefined {
  if (rawQuery.startsWith('click=')) return rawQuery.slice('click='.length);
  const at = rawQuery.indexOf('&click=');
  return at === -1 ? undefined : rawQuery.slice(at + '&click='.length);
}

/**
 * The ad server's click URL an ad call gives a tag, checked (`adServerClick`): the `click` parameter,
 * decoded once, for a macro the ad server fills escaped; for one it fills as is, everything after
 * `click=` (`rest`), unless that arrives escaped too (the JS tag's iframe re-encodes what it was
 * given). None for an ad server without macros (`generic`).
 */
export function givenClick(
  macros: AdServerMacros | null,
  param: unknown,
  rest: string | undefined,
): string | undefined {
  if (!macros) return undefined;
  if (!macros.escaped && rest !== undefined && UNESCAPED_URL.test(rest)) return adServerClick(rest);
  return adServerClick(param);
}
const UNESCAPED_URL = /^https?:/i;

/**
 * The parameters the query string parser split off an unescaped click URL (`rest`, read whole by
 * `givenClick`) at its own `&`s: the ad server's, not the ad call's, so conditions never read them.
 */
export function clickUrlParams(rest: string | undefined): string[] {
  const names: string[] = [];
  if (rest === undefined || !UNESCAPED_URL.test(rest)) return names;
  for (const part of rest.split('&').slice(1)) {
    const name = part.split('=', 1)[0] ?? '';
    try {
      names.push(decodeURIComponent(name.replace(/\+/g, ' ')));
    } catch {
      names.push(name);
    }
  }
  return names;
}

/**
 * Our click tracker after the ad server's click URL, as that ad server reads its target: as is
 * (`raw`: the click URL takes the rest of itself as the target) or URL-encoded once (`encoded`: the
 * target is one parameter's value, which a raw `&` would cut, losing the tracker's signature).
 */
export function joinedClick(macros: AdServerMacros | null, adServerUrl: string | undefined, tracker: string) {
  if (!macros || !adServerUrl) return tracker;
  return adServerUrl + (macros.join === 'encoded' ? encodeURIComponent(tracker) : tracker);
}

/** A JSON literal safe inside a `<script>`: nothing in it can end the script or open a comment. */
const scriptLiteral = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The JS tag's answer (ES5): inserts, where the script stands, a sandboxed iframe of the tag's
 * document at the creative's size, with the browser's time zone, a cache-buster and the ad server's
 * click URL (already checked) as parameters.
 */
export function loaderScript(serveUrl: string, size: { width: number; height: number }, click?: string) {
  return `(function () {
  var d = document, s = d.currentScript, tz = '';
  try { tz = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) {}
  var src = ${scriptLiteral(serveUrl)} + '?tz=' + encodeURIComponent(tz) +
    '&cb=' + new Date().getTime() + Math.floor(Math.random() * 1e6);
  var click = ${scriptLiteral(click ?? '')};
  if (click) src += '&click=' + encodeURIComponent(click);
  var f = d.createElement('iframe');
  f.src = src;
  f.width = ${scriptLiteral(String(size.width))};
  f.height = ${scriptLiteral(String(size.height))};
  f.frameBorder = '0';
  f.scrolling = 'no';
  f.style.border = '0';
  f.setAttribute('sandbox', ${scriptLiteral(FRAME_SANDBOX)});
  if (s && s.parentNode) s.parentNode.insertBefore(f, s);
  else (d.body || d.documentElement).appendChild(f);
})();
`;
}

/** The fallback's document: the image, linked to the click URL (both already escaped here). */
export function fallbackDocument(image: string, click: string, size: { width: number; height: number }) {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;overflow:hidden}</style>' +
    `</head><body><a href="${escapeHtml(click)}" target="_blank" rel="noopener">` +
    `<img src="${escapeHtml(image)}" width="${size.width}" height="${size.height}" alt=""></a></body></html>`
  );
}
