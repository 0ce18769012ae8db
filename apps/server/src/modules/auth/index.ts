/** Sign-in and sign-out: the service's type. */
export type { AuthService } from './auth.service';
