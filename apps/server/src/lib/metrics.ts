import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a served decision came to (`GET /serve/{token}`); a fixed set, never a user's value. */
export type DecisionOutcome = 'variant' | 'fallback' | 'nothing' | 'not_found' | 'revoked';

/** Methods kept as a label as they are; any other is `other` (a client may send anything). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the gauges read when scraped: the running app's own figures. */
export interface MetricSources {
  statsBufferKeys(): number;
  jobsQueued(): Promise<number>;
  /** Seconds since the oldest event no consumer has passed was written (0: none waits). */
  outboxLagSeconds(): Promise<number>;
  /** Seconds a change takes to come back through the change feed. */
  changeFeedDelaySeconds(): Promise<number>;
}

/**
 * The app's Prometheus metrics (issue 47, docs/operations.md "Metrics"), on a registry of its own
 * (several apps in one process, as in tests, never mix). Every label is one of a fixed set or a
 * route's template: no id, token or path a client sent becomes a label value. The process's own
 * metrics are collected only when metrics are served (`enabled`).
 */
export function createMetrics({ enabled }: { enabled: boolean }) {
  const registry = new Registry();
  if (enabled) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const decisions = new Counter({
    name: 'adstudio_served_decisions_total',
    help: 'Served ad tag decisions by outcome: variant, fallback, nothing, not_found, revoked.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const outcomes = Object.fromEntries(
    (['variant', 'fallback', 'nothing', 'not_found', 'revoked'] as const).map((outcome) => [
      outcome,
      decisions.labels({ outcome }),
    ]),
  ) as Record<DecisionOutcome, ReturnType<typeof decisions.labels>>;
  const decisionSeconds = new Histogram({
    name: 'adstudio_serve_decision_seconds',
    help: 'Time to decide and build a served ad tag document.',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers,
  });
  const statsFlushSeconds = new Histogram({
    name: 'adstudio_stats_flush_seconds',
    help: 'Time to write one batch of the tracking stats buffer.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  });
  const jobFailures = new Counter({
    name: 'adstudio_job_failures_total',
    help: 'Background job attempts that failed, by kind of job.',
    labelNames: ['kind'] as const,
    registers,
  });
  const feedSyncs = new Counter({
    name: 'adstudio_feed_syncs_total',
    help: 'Feed syncs by outcome: synced, failed, needs_confirmation.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const feedSyncRows = new Counter({
    name: 'adstudio_feed_sync_rows_total',
    help: 'Rows read by finished feed syncs.',
    registers,
  });
  const feedSyncSeconds = new Histogram({
    name: 'adstudio_feed_sync_seconds',
    help: 'Duration of finished feed syncs.',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });

  let sources: MetricSources | undefined;
  const gauge = (name: string, help: string, read: (from: MetricSources) => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        if (sources) this.set(await read(sources));
      },
    });
  gauge('adstudio_stats_buffer_keys', 'Tracking counts waiting in the stats buffer.', (s) =>
    s.statsBufferKeys(),
  );
  gauge('adstudio_jobs_queued', 'Background jobs waiting to run.', (s) => s.jobsQueued());
  gauge(
    'adstudio_outbox_lag_seconds',
    'Age of the oldest outbox event a consumer has not passed yet (0: none).',
    (s) => s.outboxLagSeconds(),
  );
  gauge(
    'adstudio_change_feed_delay_seconds',
    'Time a change takes to come back through the change feed served ads listen to.',
    (s) => s.changeFeedDelaySeconds(),
  );

  return {
    registry,
    enabled,
    /** Gives the gauges what they read (once the services exist). */
    readFrom(given: MetricSources) {
      sources = given;
    },
    request(method: string, route: string | undefined, statusCode: number, seconds: number) {
      http.observe(
        {
          method: METHODS.has(method) ? method : 'other',
          route: route ?? '(unmatched)',
          status_code: String(statusCode),
        },
        seconds,
      );
    },
    /** A served decision (a no-op unless metrics are served: the hot path pays nothing then). */
    decision(outcome: DecisionOutcome, seconds: number) {
      if (!enabled) return;
      // One child per outcome, looked up once: an `inc({ outcome })` hashes its labels each time.
      outcomes[outcome].inc();
      decisionSeconds.observe(seconds);
    },
    statsFlushed(seconds: number) {
      statsFlushSeconds.observe(seconds);
    },
    jobFailed(kind: string) {
      jobFailures.inc({ kind });
    },
    feedSynced(outcome: string, rows: number, seconds: number) {
      feedSyncs.inc({ outcome });
      feedSyncRows.inc(rows);
      feedSyncSeconds.observe(seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
