import type { AreaTasks } from '../../plugins/tasks';

/** How often each instance sends the outbox's due e-mails. */
export const MAIL_EVERY_MS = 1000;

/** E-mail has no routes: it runs from the outbox on a timer (docs/design.md §12). */
export const mailTasks: AreaTasks = ({ services: { mailer } }) => ({
  timers: [{ name: 'mail', everyMs: MAIL_EVERY_MS, run: () => mailer.tick() }],
});
