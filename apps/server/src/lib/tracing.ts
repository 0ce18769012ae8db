import http from 'node:http';
import type * as Api from '@opentelemetry/api';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import type { Config } from '../config';

/**
 * OpenTelemetry traces (issue 47): with OTEL_EXPORTER_OTLP_ENDPOINT set, spans of requests, database
 * queries and outgoing HTTP go there over OTLP/HTTP (JSON). Unset, nothing of OpenTelemetry is
 * loaded and each hook below is the plain call it wraps.
 *
 * No monkey-patching: the server is a bundle, where require hooks see nothing. Instead the three
 * places every request, query and outgoing call passes through trace themselves:
 * - the HTTP server (Fastify's `serverFactory`): a server span per request, its context active for
 *   the whole Fastify lifecycle, named by the route's template once the router has chosen it;
 * - the Kysely dialect: a span per statement run inside a traced request or job;
 * - `safeFetch` (net/safe-fetch.ts), the one door to other hosts: a client span per exchange.
 * Spans carry no user-given value but the SQL text, which holds parameters, never values: no
 * token, address, query string or body.
 */
interface Tracing {
  api: typeof Api;
  tracer: Api.Tracer;
  stop(): Promise<void>;
}

let tracing: Tracing | undefined;

/** Starts exporting traces when an endpoint is configured (once per process). */
export async function startTracing({ endpoint, serviceName }: Config['tracing']): Promise<void> {
  if (!endpoint || tracing) return;
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new OTLPTraceExporter({
    url: new URL('v1/traces', `${endpoint.replace(/\/+$/, '')}/`).href,
  });
  // Sampling follows OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default: every trace, or as
  // the caller's traceparent says).
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // AsyncLocalStorage carries the active span; W3C trace context is read from requests.
  provider.register();
  tracing = {
    api,
    tracer: provider.getTracer('adstudio'),
    async stop() {
      tracing = undefined;
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

/** Sends the spans still buffered and unregisters (shutdown; a test's end). */
export const stopTracing = async () => tracing?.stop();

/** Fastify's server, with a server span around each request while tracing; Fastify's own otherwise. */
export function tracedServerFactory(): FastifyServerFactory | undefined {
  const current = tracing;
  if (!current) return undefined;
  const { api, tracer } = current;
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as Partial<
      Record<'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket', number>
    >;
    const server = http.createServer((req, res) => {
      const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
      const span = tracer.startSpan(
        req.method ?? 'HTTP',
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '' } },
        parent,
      );
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        if (!res.writableFinished) span.setAttribute('adstudio.aborted', true);
        span.end();
      });
      api.context.with(api.trace.setSpan(parent, span), () => handler(req, res));
    });
    // As Fastify sets up the server it makes itself (fastify/lib/server.js), from the same options.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Names each request's span by its route's template (`GET /v1/campaigns/:id`), never its path, which
 * may carry a token, and adds the request's id, as the logs print it.
 */
export function nameRequestSpans(app: FastifyInstance): void {
  const current = tracing;
  if (!current) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const span = current.api.trace.getActiveSpan();
    const route = request.routeOptions.url;
    if (span) {
      span.updateName(route ? `${request.method} ${route}` : request.method);
      span.setAttributes({ 'http.route': route ?? '', 'adstudio.request_id': request.id });
    }
    done();
  });
}

/** A span around work no request started (a job): its queries and calls become its children. */
export function traceWork<T>(
  name: string,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
) {
  const current = tracing;
  if (!current) return run();
  const { api, tracer } = current;
  return tracer.startActiveSpan(name, { root: true, attributes }, (span) => ended(api, span, run));
}

/**
 * A client span around an exchange with another host (`safeFetch`): method, host, port and the URL
 * without credentials or query; the answer's status. No trace context is sent: the hosts are other
 * people's (feeds, data sources, webhooks), not part of our system.
 */
export function traceOutgoing<T extends { status: number }>(
  method: string,
  url: string,
  run: () => Promise<T>,
) {
  const current = tracing;
  if (!current) return run();
  const { api, tracer } = current;
  let target: URL | undefined;
  try {
    target = new URL(url);
  } catch {
    // An unparsable URL fails inside run(), as it would untraced.
  }
  const attributes: Api.Attributes = { 'http.request.method': method };
  if (target) {
    attributes['server.address'] = target.hostname;
    attributes['server.port'] = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
    attributes['url.full'] = `${target.origin}${target.pathname}`;
  }
  return tracer.startActiveSpan(method, { kind: api.SpanKind.CLIENT, attributes }, (span) =>
    ended(api, span, async () => {
      const answer = await run();
      span.setAttribute('http.response.status_code', answer.status);
      if (answer.status >= 400) span.setStatus({ code: api.SpanStatusCode.ERROR });
      return answer;
    }),
  );
}

async function ended<T>(api: typeof Api, span: Api.Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: api.SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * The dialect, with a span per statement that runs inside a traced request or job (timers' polls,
 * outside any, stay untraced rather than fill the collector with roots). Named by its operation and
 * first table; the SQL text holds parameters, not values.
 */
export function tracedDialect(dialect: Dialect, system: 'postgresql' | 'sqlite'): Dialect {
  const current = tracing;
  if (!current) return dialect;
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => tracedDriver(dialect.createDriver(), current, system),
  };
}

function tracedDriver(driver: Driver, { api, tracer }: Tracing, system: string): Driver {
  const traceQuery = <R>(compiled: CompiledQuery, run: () => Promise<R>) => {
    if (!api.trace.getActiveSpan()) return run();
    const operation = /^\s*(\w+)/.exec(compiled.sql)?.[1]?.toUpperCase() ?? 'SQL';
    const table = /\b(?:from|into|update|table)\s+"?([\w.]+)"?/i.exec(compiled.sql)?.[1];
    return tracer.startActiveSpan(
      table ? `${operation} ${table}` : operation,
      {
        kind: api.SpanKind.CLIENT,
        attributes: {
          'db.system.name': system,
          'db.operation.name': operation,
          ...(table ? { 'db.collection.name': table } : {}),
          'db.query.text': compiled.sql.slice(0, 2000),
        },
      },
      (span) => ended(api, span, run),
    );
  };
  const traced = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: (compiled) => traceQuery(compiled, () => connection.executeQuery(compiled)),
    streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
  });
  // The driver's own methods keep their `this` (Kysely's drivers hold private fields); only the
  // connections it hands out are wrapped, and a transaction is given its own connection back.
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const original = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => original.get(connection) ?? connection;
  return new Proxy(driver, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'acquireConnection')
        return async () => {
          const connection = (await value.call(target)) as DatabaseConnection;
          let outer = wrapped.get(connection);
          if (!outer) {
            outer = traced(connection);
            wrapped.set(connection, outer);
            original.set(outer, connection);
          }
          return outer;
        };
      return (connection: unknown, ...rest: unknown[]) =>
        value.call(
          target,
          connection && typeof connection === 'object'
            ? unwrap(connection as DatabaseConnection)
            : connection,
          ...rest,
        );
    },
  });
}
