import type { User } from '@adstudio/contract';

/** The signed-in user of a route behind the session guard. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the session guard');
  return request.user;
}
