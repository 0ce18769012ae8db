/** E-mail: the mailer's type (the composition root builds it; a timer runs it). */
export type { Mailer } from './mailer';
