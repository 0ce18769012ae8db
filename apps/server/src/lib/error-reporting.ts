import type * as SentryNode from '@sentry/node';

let sentry: typeof SentryNode | undefined;

/** Starts error reporting only when a DSN is configured; otherwise nothing is loaded or sent. */
export async function initErrorReporting(
  dsn: string | undefined,
  environment: string,
  { ownTracing = false } = {},
): Promise<void> {
  if (!dsn) return;
  sentry = await import('@sentry/node');
  // With our own OpenTelemetry export (lib/tracing.ts) Sentry reports errors only: one tracer
  // provider per process, and it is ours.
  sentry.init(
    ownTracing
      ? { dsn, environment, skipOpenTelemetrySetup: true }
      : { dsn, environment, tracesSampleRate: 0.2 },
  );
}

export function reportError(error: unknown, context: Record<string, unknown>): void {
  sentry?.captureException(error, { extra: context });
}
