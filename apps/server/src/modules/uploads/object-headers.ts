import { DEFAULT_CONTENT_TYPE } from '@adstudio/contract';
import { essenceOf } from './upload-rules';

/** Media a browser only displays; SVG is an image that runs script, so it is downloaded like the rest. */
const shownInline = (essence: string) =>
  /^(?:image|video|font)\//.test(essence) && essence !== 'image/svg+xml';

/**
 * Headers for a stored object served from the app's own origin. Whatever an uploaded file holds,
 * the browser may not sniff it into HTML (nosniff), may not run it with the origin's rights
 * (`sandbox` gives it an opaque origin and no script), and opens nothing but media in place.
 */
export function objectHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType || DEFAULT_CONTENT_TYPE,
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    'content-disposition': shownInline(essenceOf(contentType)) ? 'inline' : 'attachment',
  };
}
