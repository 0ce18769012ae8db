import { safeAppPath } from '@adstudio/contract';

const FALLBACK = '/dashboard';

/**
 * Keeps `redirect_app` to a path inside this app by the contract's rule (the SPA follows the same
 * one); anything else, and the bare `/`, lands on the dashboard.
 */
export function safeRedirectPath(value: unknown): string {
  const path = safeAppPath(value);
  return path === null || path === '/' ? FALLBACK : path;
}
