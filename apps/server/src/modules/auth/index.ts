/** Sign-in and sign-out: the service's type, and the sessions' (the account ends a user's other sessions). */
export type { AuthService } from './auth.service';
export type { SessionsRepository } from './sessions.repository';
