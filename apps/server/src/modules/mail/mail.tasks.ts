import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../../lib/periodic';

/** How often each instance sends the outbox's due e-mails. */
export const MAIL_EVERY_MS = 1000;

/** E-mail has no routes: it runs from the outbox on a timer (the integrations issue). */
export const mailTasks: FastifyPluginAsync = async (app) => {
  runPeriodically(app, 'mail', MAIL_EVERY_MS, () => app.services.mailer.tick());
};
