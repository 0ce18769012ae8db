import { href } from '../config/paths';
import { SESSION_EXPIRED_TEXT, showAlert } from '../lib/alert';
import { registerSessionExpiredHandler, registerTwoFactorRequiredHandler } from '../lib/api-client';
import { isAuthenticated, setUser, signOut, twoFactorSetupRequired } from '../lib/auth';
import { currentPath, navigateTo } from '../lib/navigation';

/** Long enough to read the alert before the sign-in page replaces the app. */
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 1500;

let expiring = false;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Spec section 4: clear local storage, raise the alert, send the user on to sign-in. A 419 can come
 * from a stale XSRF token on a session that is still valid, and sign-in would send that session
 * straight back to the app; so the server session is ended first, while the alert is read.
 * Only a session that was signed in can expire: a 401 before the user is known (a page's requests
 * start alongside the guard's, app/prefetch.ts) is the guard's to handle, by sending the visitor
 * to sign-in without the alert.
 */
export async function handleSessionExpired(): Promise<void> {
  if (expiring || !isAuthenticated()) return;
  expiring = true;
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: nothing to clear.
  }
  setUser(null);
  showAlert({ status: 401, data: { message: SESSION_EXPIRED_TEXT } });
  const before = currentPath();
  await Promise.all([signOut(), wait(SESSION_EXPIRED_REDIRECT_DELAY_MS)]);
  expiring = false;
  // Where the user is once the alert was read: a 401 from a page being opened arrives before the
  // navigation to it commits, and sign-in should bring the user to that page, not the one left.
  const now = currentPath();
  const back = /^\/(login|logout|auth\/)/.test(now) ? before : now;
  navigateTo(href('login', undefined, { redirect_app: back }), { replace: true });
}

export const installSessionExpiry = (): void =>
  registerSessionExpiredHandler(() => void handleSessionExpired());

/** A 403 TWO_FACTOR_REQUIRED from any call: the shell shows only the two-factor set-up. */
export const installTwoFactorGate = (): void => registerTwoFactorRequiredHandler(twoFactorSetupRequired);
