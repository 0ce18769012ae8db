import { CLICK_ID_PARAM_DEFAULT } from '@adstudio/contract';

/**
 * Where a click landed, without the click id our tracker adds to counted clicks (issue 46): the
 * exit URL as the feed or creative gave it. Uncounted clicks (bots, previews) carry none.
 */
export function landing(location: string | string[] | undefined, param = CLICK_ID_PARAM_DEFAULT): string {
  if (typeof location !== 'string') throw new Error(`no Location: ${String(location)}`);
  const url = new URL(location);
  if (!url.searchParams.has(param)) return location;
  url.searchParams.delete(param);
  return url.href;
}

/** The click id a counted click's Location carries. */
export const clickIdOf = (location: string | string[] | undefined, param = CLICK_ID_PARAM_DEFAULT) =>
  typeof location === 'string' ? new URL(location).searchParams.get(param) : null;
