import type { FastifyInstance } from 'fastify';

/**
 * Runs a maintenance task (a sweep) every `everyMs` while the server is up: failures are logged,
 * never thrown; the timer does not keep the process alive and stops when the server closes.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
  { onReady = false } = {},
): void {
  const run = () => task().catch((error) => app.log.warn({ err: error }, `${name} failed`));
  const timer = setInterval(run, everyMs);
  timer.unref();
  if (onReady) app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
