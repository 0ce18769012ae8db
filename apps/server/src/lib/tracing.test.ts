import { SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTracing, tracedDialect, tracedServerFactory, traceOutgoing, traceWork } from './tracing';

describe('tracing while OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
  it('starts nothing, and every hook is the plain thing it wraps', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.tracing.endpoint).toBeUndefined();
    await startTracing(config.tracing);
    const dialect = new SqliteDialect({ database: {} as never });
    expect(tracedDialect(dialect, 'sqlite')).toBe(dialect);
    expect(tracedServerFactory()).toBeUndefined();
    const answer = { status: 204 };
    expect(await traceOutgoing('GET', 'https://example.com/', async () => answer)).toBe(answer);
    expect(await traceWork('job x', {}, async () => 'ran')).toBe('ran');
  });

  it('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(
      loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing,
    ).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'adstudio',
    });
  });
});
