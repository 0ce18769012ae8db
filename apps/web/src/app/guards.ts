import { type Section, safeAppPath } from '@adstudio/contract';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { env } from '../config/env';
import { href } from '../config/paths';
import { canAccess } from '../lib/access';
import { ensureUser, isAuthenticated, signInUrl, signOut } from '../lib/auth';

const clearLocalStorage = () => {
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: nothing to clear.
  }
};

/** Only same-app paths are followed back after sign-in (the contract's rule, as on the server). */
export { safeAppPath };

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Restricted routes: fetch the user when not authenticated; without one, clear storage and sign in. */
export async function requireUser({ request }: Pick<LoaderFunctionArgs, 'request'>) {
  const user = await ensureUser();
  if (!user?.id) {
    clearLocalStorage();
    throw redirect(href('login', undefined, { redirect_app: pathOf(request) }));
  }
  return user;
}

/**
 * A section's routes: entry by spec section 6 (with `qa`); without it, the dashboard, which says
 * why (`?denied=<section>`).
 */
export const requireSection =
  (section: Section) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await requireUser({ request });
    if (!canAccess(user, section, 'read')) throw redirect(href('dashboard', undefined, { denied: section }));
    return null;
  };

/** `/login`: a signed-in user goes to the dashboard, anyone else to the external sign-in page. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  if (isAuthenticated() || (await ensureUser({ trustFailureMs: 3000 }))) throw redirect(href('dashboard'));
  const target = safeAppPath(new URL(request.url).searchParams.get('redirect_app'));
  window.location.replace(signInUrl(env().apiUrl, target === href('login') ? null : target));
  // The browser is leaving; keep the router waiting instead of rendering anything.
  return new Promise<never>(() => {});
}

export async function logoutLoader() {
  await signOut();
  throw redirect(href('home'));
}

export const homeLoader = () => redirect(href('login'));

/**
 * `/redirect/*` re-enters the rest of the path (e.g. to reload the same screen); a rest that could
 * leave the app (`/redirect//host/x` would be `//host/x`) goes to the dashboard instead.
 */
export function redirectLoader({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>) {
  const search = new URL(request.url).search;
  throw redirect(safeAppPath(`/${params['*'] ?? ''}${search}`) ?? href('dashboard'));
}

/** `/creatives/new/:campaignId` takes a numeric id only; anything else is not found. */
export function numericParam(name: string) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!/^\d+$/.test(params[name] ?? '')) throw data('Not Found', { status: 404 });
    return null;
  };
}
