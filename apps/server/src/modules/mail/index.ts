/** E-mail: the mailer's type (the composition root builds it; a timer runs it), the banner's sender check. */
export type { Mailer } from './mailer';
export { localSenderWarning } from './sender';
