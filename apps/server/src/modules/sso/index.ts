/** Single sign-on: whether a company refuses passwords (the sign-in asks it), and the services' types. */
export type { SsoService } from './sso.service';
export type { SsoSignIn } from './sso-sign-in';
