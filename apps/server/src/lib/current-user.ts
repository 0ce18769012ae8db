import type { User } from '@adstudio/contract';

/** The signed-in user of a route behind the session guard. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the session guard');
  return request.user;
}

/** The session of a route that needs one (`config.sessionOnly`: a bearer request never gets here). */
export function currentSession<S>(request: { session: S | null }): S {
  if (!request.session) throw new Error('currentSession() used on a route that is not session-only');
  return request.session;
}

/** The personal access token a user acts through on a bearer request (never serialized: a symbol). */
const VIA_TOKEN = Symbol('via token');
export interface ViaToken {
  id: number;
  name: string;
}

/** The user acting through `token` (the session plugin marks a bearer request's user so). */
export function actingThrough(user: User, token: ViaToken): User {
  Object.defineProperty(user, VIA_TOKEN, { value: token, enumerable: false });
  return user;
}

/** The token a user acts through, if the request came with one (the audit log names it). */
export const tokenOf = (user: User): ViaToken | undefined =>
  (user as User & { [VIA_TOKEN]?: ViaToken })[VIA_TOKEN];
