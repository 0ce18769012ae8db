import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveIn, travelCreative } from '../ad-tags/fixtures';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { freePort } from '../support/server-process';

/**
 * `GET /metrics` (issue 47): Prometheus' text format, read here by a parser of that format; off
 * unless METRICS_TOKEN (a bearer, on the app's port) or METRICS_PORT (a listener of its own) is set.
 */
interface Family {
  name: string;
  type: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
  }[];
}
const parse = (text: string) => parsePrometheusTextFormat(text) as Family[];

/** The samples of one series name, each with its labels (every label value here is a plain word). */
const samples = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line) => {
      const [, labels = '', value = ''] = /^[^{]+\{(.*)\} (\S+)$/.exec(line) ?? [];
      return {
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])),
        value: Number(value),
      };
    });

const TOKEN = 'metrics-bearer-token-for-the-test';
const FAMILIES = [
  'http_request_duration_seconds',
  'adstudio_served_decisions_total',
  'adstudio_serve_decision_seconds',
  'adstudio_stats_buffer_keys',
  'adstudio_stats_flush_seconds',
  'adstudio_jobs_queued',
  'adstudio_job_failures_total',
  'adstudio_outbox_lag_seconds',
  'adstudio_feed_syncs_total',
  'adstudio_feed_sync_rows_total',
  'adstudio_feed_sync_seconds',
  'adstudio_change_feed_delay_seconds',
  // The process's own.
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
];

let t: TestApp;
let editor: Client;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN, DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  editor = await t.injectAs(
    await t.createUser({ permissions: ['edit campaigns', 'edit creatives', 'edit profiles'] }),
  );
});
afterAll(() => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a scraper without the bearer, or with another', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all-really', `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('adstudio_');
    }
  });

  it('answers every family, decisions by outcome, requests by route template, no value a client gave', async () => {
    const travel = await travelCreative(t, t.companyId);
    const made = await editor.post(`/v1/creatives/${travel.creativeId}/tags`, { name: 'Metrics placement' });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json().data as { token: string };
    const serve = (tagToken: string) => serveIn(t.app, tagToken);
    expect((await serve(token)).statusCode).toBe(200);
    expect((await serve(token)).statusCode).toBe(200);
    const unknown = 'AbCdEfGhIjKlMnOpQrStUv0123456789';
    expect((await serve(unknown)).statusCode).toBe(404);
    expect((await editor.get('/v1/campaigns/987654321')).statusCode).toBe(404);
    expect((await editor.get('/v1/no-such-thing-here')).statusCode).toBe(404);
    // A sync whose feed cannot be read: a failed one.
    const profile = await editor.post('/v1/profiles', {
      name: 'Metrics feed',
      source: 'url',
      url: 'http://127.0.0.1:9/feed.csv',
    });
    expect(profile.statusCode, profile.body).toBe(201);
    await t.app.jobs.idle();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = parse(res.body);
    const byName = new Map(families.map((family) => [family.name, family]));
    for (const name of FAMILIES) expect(byName.has(name), name).toBe(true);

    const decisions = byName.get('adstudio_served_decisions_total')!;
    const count = (outcome: string) =>
      Number(decisions.metrics.find((m) => m.labels?.outcome === outcome)?.value ?? 0);
    expect(count('variant')).toBe(2);
    expect(count('not_found')).toBe(1);
    expect(count('revoked')).toBe(0);
    expect(Number(byName.get('adstudio_serve_decision_seconds')!.metrics[0]!.count)).toBe(3);

    // The parser folds a histogram's labelled series into one; their `_count` samples name them.
    const requests = samples(res.body, 'http_request_duration_seconds_count');
    expect(requests).toContainEqual({
      labels: { method: 'GET', route: '/v1/campaigns/:id', status_code: '404' },
      value: 1,
    });
    expect(requests).toContainEqual({
      labels: { method: 'GET', route: '/serve/:token', status_code: '200' },
      value: 2,
    });
    const syncs = byName.get('adstudio_feed_syncs_total')!.metrics;
    expect(syncs).toContainEqual(expect.objectContaining({ labels: { outcome: 'failed' }, value: '1' }));

    // No label takes what a client sent: ids, tokens, paths.
    const values = res.body
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .flatMap((line) => [...line.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!));
    expect(values.length).toBeGreaterThan(20);
    for (const given of [token, unknown, '987654321', 'no-such-thing-here', TOKEN, '127.0.0.1:9'])
      expect(
        values.filter((value) => value.includes(given)),
        given,
      ).toEqual([]);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port, without a token, and not on the app’s', async () => {
    const port = await freePort();
    const apart = await buildTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      await apart.app.ready();
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const names = parse(await res.text()).map((family) => family.name);
      expect(names).toContain('adstudio_served_decisions_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // The app's own port has no such route (its SPA answers the path, with no metric).
      expect((await apart.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('adstudio_');
    } finally {
      await apart.close();
    }
  });

  it('is off without either: no /metrics at all', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('adstudio_');
    } finally {
      await plain.close();
    }
  });
});
