import http from 'node:http';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../lib/metrics';
import { safeEqual } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (lib/metrics.ts); counted always, served only when configured. */
    metrics: Metrics;
  }
}

/**
 * `GET /metrics` in Prometheus' text format (issue 47, docs/operations.md "Metrics"), off unless
 * METRICS_TOKEN or METRICS_PORT is set: with a token on the app's own port, the scraper sending it
 * as a bearer; with a port, on a listener of its own (bound to HOST), which a deployment keeps off
 * the public network. Every request's duration is observed by its route's template.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { token, port } = app.config.metrics;
    const metrics = createMetrics({ enabled: token !== undefined || port !== undefined });
    app.decorate('metrics', metrics);
    if (!metrics.enabled) return;

    app.addHook('onResponse', async (request, reply) => {
      metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    });

    if (token !== undefined)
      app.get(
        '/metrics',
        {
          config: { public: true, session: false, cookieless: true, rateLimit: false },
          schema: { hide: true },
        },
        async (request, reply) => {
          const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
          if (!safeEqual(given, token)) {
            reply.header('www-authenticate', 'Bearer');
            return reply.code(401).type('text/plain').send('A bearer token is needed.\n');
          }
          return reply
            .header('cache-control', 'no-store')
            .type(metrics.registry.contentType)
            .send(await metrics.registry.metrics());
        },
      );

    if (port !== undefined) {
      const server = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
          return;
        }
        metrics.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics: collecting failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting failed.\n');
          },
        );
      });
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, app.config.host, () => resolve());
        });
      });
      app.addHook('onClose', async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics', dependencies: ['config'] },
);
