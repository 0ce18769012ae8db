import type { User } from '@adstudio/contract';
import { api } from './api-client';
import { clearEarlyRequests } from './early-requests';
import { array, boolean, dataOf, int, nullable, object, optional, string } from './read-json';
import { createStore, useStore } from './store';

/** The signed-in user; null until fetched or after sign-out / expiry (spec: `authenticated` flag). */
const userStore = createStore<User | null>(null);

export const getUser = (): User | null => userStore.get();
export const isAuthenticated = (): boolean => Boolean(userStore.get()?.id);
export const setUser = (user: User | null): void => userStore.set(user);
export const useUser = (): User | null => useStore(userStore);

/** A session just opened in this page (an invitation accepted): its user, and no early request of another's. */
export function signedIn(user: User): void {
  clearEarlyRequests();
  userStore.set(user);
}

/** The contract's UserSchema, read by hand so the first load carries no zod (see read-json.ts). */
function readUser(value: unknown, path: string): User {
  const user = object(value, path);
  return {
    id: int(user.id, `${path}.id`),
    name: string(user.name, `${path}.name`),
    email: string(user.email, `${path}.email`),
    avatar: nullable(string)(user.avatar, `${path}.avatar`),
    company_id: int(user.company_id, `${path}.company_id`),
    roles: array(string)(user.roles, `${path}.roles`),
    permissions: array(string)(user.permissions, `${path}.permissions`),
    ...optionalFlag(user, 'two_factor', path),
    ...optionalFlag(user, 'two_factor_setup_required', path),
  };
}

/** `{[key]: true|false}` when the answer has the flag, `{}` otherwise (the contract's optional). */
function optionalFlag<K extends 'two_factor' | 'two_factor_setup_required'>(
  user: Record<string, unknown>,
  key: K,
  path: string,
): Partial<Record<K, boolean>> {
  const value = optional(boolean)(user[key], `${path}.${key}`);
  return value === undefined ? {} : ({ [key]: value } as Record<K, boolean>);
}

/** GET /v1/user. Expiry is left to the caller, which redirects to sign-in on failure. */
export async function fetchUser(): Promise<User> {
  const response = await api.get('/v1/user', { skipSessionExpiry: true });
  return dataOf(response.data, readUser);
}

/** Reads the signed-in user again (their two-factor changed): the app follows the answer. */
export async function refreshUser(): Promise<User> {
  const user = await fetchUser();
  userStore.set(user);
  return user;
}

/**
 * A request was refused because the company requires two-factor sign-in and the user has not set
 * it up (403): the user is marked so, and the app shows only the set-up.
 */
export function twoFactorSetupRequired(): void {
  const user = userStore.get();
  if (user?.id && !user.two_factor_setup_required)
    userStore.set({ ...user, two_factor_setup_required: true });
}

let pending: Promise<User | null> | null = null;
let failedAt = Number.NEGATIVE_INFINITY;

/**
 * The current user, fetched once when not yet authenticated; null when there is no session.
 * `trustFailureMs` reuses a failure that recent instead of asking again (the guard has just
 * asked before sending the user to /login).
 */
export function ensureUser({ trustFailureMs = 0 } = {}): Promise<User | null> {
  const known = userStore.get();
  if (known?.id) return Promise.resolve(known);
  if (!pending && Date.now() - failedAt < trustFailureMs) return Promise.resolve(null);
  pending ??= fetchUser()
    .then((user) => {
      userStore.set(user);
      return user;
    })
    .catch(() => {
      failedAt = Date.now();
      return null;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Ends the server session: a fresh XSRF cookie first (`GET /sanctum/csrf-cookie`), since the one the
 * browser holds may be the reason for a 419, then `POST /logout`. Failures are ignored (spec section 8).
 */
export async function signOut(): Promise<void> {
  try {
    await api.get('/sanctum/csrf-cookie', { skipSessionExpiry: true });
    await api.post('/logout', undefined, { skipSessionExpiry: true });
  } catch {
    // The user still leaves.
  }
  clearEarlyRequests();
  userStore.set(null);
}

/** The external sign-in page, passing the path to come back to unless it is `/`. */
export function signInUrl(apiUrl: string, redirectApp: string | null | undefined): string {
  const path = redirectApp && redirectApp !== '/' ? redirectApp : undefined;
  const query = path ? `?${new URLSearchParams({ redirect_app: path }).toString()}` : '';
  return `${apiUrl}/auth/login${query}`;
}
