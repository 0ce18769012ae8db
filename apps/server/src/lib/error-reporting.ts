import type * as SentryNode from '@sentry/node';

let sentry: typeof SentryNode | undefined;

/** Starts error reporting only when a DSN is configured; otherwise nothing is loaded or sent. */
export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<void> {
  if (!dsn) return;
  sentry = await import('@sentry/node');
  sentry.init({ dsn, environment, tracesSampleRate: 0.2 });
}

export function reportError(error: unknown, context: Record<string, unknown>): void {
  sentry?.captureException(error, { extra: context });
}
