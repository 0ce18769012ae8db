import { href } from '../config/paths';
import { SESSION_EXPIRED_TEXT, showAlert } from '../lib/alert';
import { registerSessionExpiredHandler } from '../lib/api-client';
import { setUser } from '../lib/auth';
import { currentPath, navigateTo } from '../lib/navigation';

/** Long enough to read the alert before the sign-in page replaces the app. */
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 1500;

let expiring = false;

/** Spec section 4: clear local storage, raise the alert, send the user on to sign-in. */
export function handleSessionExpired(): void {
  if (expiring) return;
  expiring = true;
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: nothing to clear.
  }
  setUser(null);
  showAlert({ status: 401, data: { message: SESSION_EXPIRED_TEXT } });
  const back = currentPath();
  window.setTimeout(() => {
    expiring = false;
    navigateTo(href('login', undefined, { redirect_app: back }), { replace: true });
  }, SESSION_EXPIRED_REDIRECT_DELAY_MS);
}

export const installSessionExpiry = (): void => registerSessionExpiredHandler(handleSessionExpired);
