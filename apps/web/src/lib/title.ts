export const APP_NAME = 'Adstudio';

/** Spec section 2: the title of the deepest matched route that has one, as `Title · Adstudio`. */
export function resolveTitle(matches: readonly { handle?: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { title?: unknown } | undefined;
    if (typeof handle?.title === 'string' && handle.title) return `${handle.title} · ${APP_NAME}`;
  }
  return APP_NAME;
}

/** The name of the deepest matched named route (the sidebar highlights by it). */
export function resolveRouteName(matches: readonly { handle?: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { name?: unknown } | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return '';
}

/**
 * What names the page shown: the deepest title and the item it shows. A tab, filter or search (the
 * query) or a report's timeframe (`/campaigns/1/viewreport/…` is still campaign 1) is the same page.
 */
export function resolvePage(
  matches: readonly { handle?: unknown; params?: Record<string, string | undefined> }[],
): string {
  const deepest = matches.at(-1);
  return `${resolveTitle(matches)}#${deepest?.params?.id ?? ''}`;
}
