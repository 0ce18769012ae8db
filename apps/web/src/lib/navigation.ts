/**
 * Lets code outside React (the api client's session-expiry handling) navigate with the router,
 * which the app registers at start. Until then it falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;

/** Navigates unless already there (spec section 8: redundant navigation is avoided). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (to === currentPath()) return;
  navigator(to, options);
}
