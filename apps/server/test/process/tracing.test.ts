import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helper';
import { faultWorld, HttpSession } from '../support/server-process';

/**
 * Traces (issue 47): the server as production runs it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at
 * a local OTLP/HTTP receiver, sends a span per request (named by its route's template), per query
 * inside it and per outgoing call, in one trace, and no user-given value with them.
 */
interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
const SERVER = 2;
const CLIENT = 3;

/** A local OTLP/HTTP (JSON) receiver; it also answers the data source the test fetches. */
function receiver() {
  const spans: OtlpSpan[] = [];
  let service = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resourceSpans of body.resourceSpans ?? []) {
          service =
            resourceSpans.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value
              ?.stringValue ?? service;
          for (const scope of resourceSpans.scopeSpans ?? []) spans.push(...scope.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else if (req.url?.startsWith('/weather')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"temperature":21}');
      } else res.writeHead(404).end();
    });
  });
  return {
    spans,
    service: () => service,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? Number(value.intValue) : value?.boolValue);
};

const ADMIN = { email: 'tracing@example.com', password: 'spans-for-every-request' };
const session = new HttpSession();
const otlp = receiver();
let origin = '';
let world: Awaited<ReturnType<typeof faultWorld>>;

beforeAll(async () => {
  origin = await otlp.listen();
  world = await faultWorld(engine, {
    name: 'tracing',
    admin: ADMIN,
    session,
    failpoints: [],
    extraEnv: {
      OTEL_EXPORTER_OTLP_ENDPOINT: origin,
      OTEL_SERVICE_NAME: 'adstudio-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      DATASOURCE_ALLOW_HOSTS: '127.0.0.1',
    },
  });
}, 120_000);
afterAll(async () => {
  await world?.close();
  await otlp.close();
});

/** Waits for the spans `match` picks to arrive (the exporter sends in batches). */
async function spansWhere(match: (span: OtlpSpan) => boolean, boundMs = 20_000) {
  for (const deadline = Date.now() + boundMs; Date.now() < deadline; ) {
    const found = otlp.spans.filter(match);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no such span among ${otlp.spans.map((s) => s.name).join(', ')}`);
}

describe(`traces over OTLP/HTTP (${engine})`, () => {
  it('a request: its server span by route template, its queries and its outgoing call in one trace', async () => {
    const secret = randomBytes(12).toString('hex');
    const res = await session.fetch(world.base, '/v1/datasource/test', {
      method: 'POST',
      body: { url: `${origin}/weather?key=${secret}`, json_path: '$.temperature' },
    });
    expect(res.status).toBe(200);

    const [request] = await spansWhere((s) => s.name === 'POST /v1/datasource/test');
    expect(request!.kind).toBe(SERVER);
    expect(attribute(request!, 'http.route')).toBe('/v1/datasource/test');
    expect(attribute(request!, 'http.request.method')).toBe('POST');
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    // The id the request's log lines carry (and a 500's body): ours, a UUID.
    expect(attribute(request!, 'adstudio.request_id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(otlp.service()).toBe('adstudio-under-test');

    const trace = await spansWhere(
      (s) =>
        s.traceId === request!.traceId && s.kind === CLIENT && attribute(s, 'server.address') === '127.0.0.1',
    );
    const [outgoing] = trace;
    expect(outgoing!.name).toBe('GET');
    expect(attribute(outgoing!, 'url.full')).toBe(`${origin}/weather`);
    expect(attribute(outgoing!, 'http.response.status_code')).toBe(200);
    expect(outgoing!.parentSpanId).toBe(request!.spanId);

    // The session's lookup, at least, ran inside the request.
    const queries = otlp.spans.filter(
      (s) => s.traceId === request!.traceId && attribute(s, 'db.system.name'),
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(attribute(queries[0]!, 'db.system.name')).toBe(engine === 'postgres' ? 'postgresql' : 'sqlite');
    expect(String(attribute(queries[0]!, 'db.query.text'))).toMatch(
      /^\s*(select|insert|update|delete|with)\b/i,
    );
    for (const query of queries)
      expect(otlp.spans.some((s) => s.spanId === query.parentSpanId && s.traceId === request!.traceId)).toBe(
        true,
      );

    // No user-given value went out with the trace: the query string, the session.
    const everything = JSON.stringify(otlp.spans);
    expect(everything).not.toContain(secret);
    for (const value of session.cookies.values()) expect(everything).not.toContain(value);
  });

  it("a token page's span is named by its template, and the token goes nowhere", async () => {
    const token = randomBytes(32).toString('base64url');
    const res = await fetch(`${world.base}/v1/campaigns/externalreport/${token}`);
    expect(res.status).toBe(404);
    const [span] = await spansWhere((s) => s.name === 'GET /v1/campaigns/externalreport/:token');
    expect(attribute(span!, 'http.response.status_code')).toBe(404);
    expect(JSON.stringify(otlp.spans)).not.toContain(token);
  });

  it("continues the caller's trace from its traceparent header", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    await fetch(`${world.base}/v1/user`, { headers: { traceparent: `00-${traceId}-${parentId}-01` } });
    const [span] = await spansWhere((s) => s.traceId === traceId && s.kind === SERVER);
    expect(span!.name).toBe('GET /v1/user');
    expect(span!.parentSpanId).toBe(parentId);
  });
});
