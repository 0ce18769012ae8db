import type { User } from '@adstudio/contract';
import * as z from 'zod/mini';
import { api } from './api-client';
import { createStore, useStore } from './store';

/** The signed-in user; null until fetched or after sign-out / expiry (spec: `authenticated` flag). */
const userStore = createStore<User | null>(null);

export const getUser = (): User | null => userStore.get();
export const isAuthenticated = (): boolean => Boolean(userStore.get()?.id);
export const setUser = (user: User | null): void => userStore.set(user);
export const useUser = (): User | null => useStore(userStore);

/**
 * The contract's UserSchema, in zod/mini so the first load stays small (the classic build is
 * ~60 KB gzipped); the annotation keeps it in step with the contract's type.
 */
const UserResponseSchema: z.ZodMiniType<{ data: User }> = z.object({
  data: z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    email: z.string(),
    avatar: z.nullable(z.string()),
    company_id: z.number().check(z.int()),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
  }),
});

/** GET /v1/user. Expiry is left to the caller, which redirects to sign-in on failure. */
export async function fetchUser(): Promise<User> {
  const response = await api.get('/v1/user', { skipSessionExpiry: true });
  return UserResponseSchema.parse(response.data).data;
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
  userStore.set(null);
}

/** The external sign-in page, passing the path to come back to unless it is `/`. */
export function signInUrl(apiUrl: string, redirectApp: string | null | undefined): string {
  const path = redirectApp && redirectApp !== '/' ? redirectApp : undefined;
  const query = path ? `?${new URLSearchParams({ redirect_app: path }).toString()}` : '';
  return `${apiUrl}/auth/login${query}`;
}
