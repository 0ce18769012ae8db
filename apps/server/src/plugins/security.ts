import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';
import { HttpError } from '../lib/http-errors';
import { databaseRateLimitStore, redisRateLimitStore } from '../lib/rate-limit-store';

/** Hosts the Zendesk Web Widget loads from and talks to. */
const HELPDESK = {
  script: ['https://static.zdassets.com'],
  connect: [
    'https://*.zendesk.com',
    'https://*.zdassets.com',
    'wss://*.zendesk.com',
    'wss://widget-mediator.zopim.com',
  ],
  frame: ['https://*.zendesk.com'],
};

/** CSP sources: only what is configured is allowed beyond our own origin. */
export function cspDirectives(config: Config) {
  const sentry = [config.sentryDsn, config.web.sentryDsn].filter(Boolean).map((dsn) => new URL(dsn!).origin);
  const helpdesk = config.web.helpdeskKey ? HELPDESK : { script: [], connect: [], frame: [] };
  const extra = config.cspExtraOrigins;
  // Creatives render in frames from RENDER_URL when it is an origin of its own.
  const render = config.renderUrl ? [new URL(config.renderUrl).origin] : [];
  // Browsers hold the sign-in form's redirect to form-action too: allow the SPA when it lives elsewhere.
  const spa = new URL(config.spaUrl).origin;
  const signInTarget = spa === new URL(config.appUrl).origin ? [] : [spa];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...helpdesk.script, ...extra],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...new Set(sentry), ...helpdesk.connect, ...extra],
    frameSrc: ["'self'", ...render, ...helpdesk.frame, ...extra],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'self'"],
    formAction: ["'self'", ...signInTarget],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  };
}

/**
 * Unknown tokens one IP may try on token pages (routes with `config.tokenParam`) in
 * TOKEN_MISSES_WINDOW before every token page answers it 429: a mistyped link or two, never a
 * search of the 256-bit space.
 */
export const TOKEN_MISSES_MAX = 30;
export const TOKEN_MISSES_WINDOW = 10 * 60_000;

const tooMany = (ttlMs: number) => ({
  statusCode: 429,
  message: `Too many requests. Please try again in ${Math.ceil(ttlMs / 1000)} seconds.`,
});

/** 429 with `Retry-After`, as the rate-limit plugin answers. */
export function refuse(reply: FastifyReply, ttlMs: number): never {
  reply.header('retry-after', Math.ceil(ttlMs / 1000));
  throw new HttpError(429, tooMany(ttlMs).message);
}

/** Where the rate limits count: shared by every instance unless there can be only one (SQLite). */
async function sharedStore(app: FastifyInstance) {
  const { redisUrl, database } = app.config;
  if (redisUrl) {
    const redis = await redisRateLimitStore(redisUrl);
    app.addHook('onClose', redis.close);
    return { store: redis.store };
  }
  return database.kind === 'postgres' ? { store: databaseRateLimitStore(app.db) } : {};
}

/** Security headers and a per-IP request ceiling (sign-in has its own stricter throttle). */
export const securityPlugin = fp(
  async (app) => {
    // helmet's middleware, built once: @fastify/helmet builds it again for every request (parsing
    // the CSP directives each time, ~50 µs of every answer's time under load).
    const securityHeaders = helmet({
      contentSecurityPolicy: { directives: cspDirectives(app.config) },
      crossOriginEmbedderPolicy: false,
      hsts: app.config.secureCookies,
    });
    const hsts = app.config.secureCookies ? 'max-age=31536000; includeSubDomains' : undefined;
    app.addHook('onRequest', (request, reply, done) => {
      // An answer embedded in other sites' pages (a served ad) sets its own sandbox CSP, type and
      // framing headers (storage/render-response.ts); the app's page policy would only be replaced.
      if (request.routeOptions.config?.cookieless) {
        reply.header('referrer-policy', 'no-referrer');
        if (hsts) reply.header('strict-transport-security', hsts);
        return done();
      }
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    // Route-level limits (a token page's per token and IP) come from the plugin; the per-IP ceiling
    // is a hook of its own ahead of the session's, so that refused requests (401, 404, 419) count.
    // Every instance counts in one place: Redis, else PostgreSQL; SQLite's single one in memory.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
      ...(await sharedStore(app)),
    });
    const perIp = app.createRateLimit({ max: app.config.rateLimitPerMinute, timeWindow: 60_000 });
    // Unknown tokens an IP tried: guessing token links costs a lockout, not only a 404 each.
    const tokenMisses = app.createRateLimit({
      max: TOKEN_MISSES_MAX,
      timeWindow: TOKEN_MISSES_WINDOW,
      keyGenerator: (request) => `token-miss|${request.ip}`,
    });
    // Served tags' misses count apart: a scanner behind a CDN's or a carrier's address must not
    // lock that address out of the token pages, nor its viewers out of their ads.
    const servedMisses = app.createRateLimit({
      max: TOKEN_MISSES_MAX,
      timeWindow: TOKEN_MISSES_WINDOW,
      keyGenerator: (request) => `served-miss|${request.ip}`,
    });

    app.addHook('onRequest', async (request, reply) => {
      const { config } = request.routeOptions;
      // Ad traffic (trackers, served tags) stays outside the per-IP ceiling: behind a CDN or an
      // office's NAT one address carries many viewers. A token route still pays for its misses.
      if (config?.rateLimit !== false) {
        const limit = await perIp(request);
        if (!limit.isAllowed) {
          reply.header('x-ratelimit-limit', limit.max);
          reply.header('x-ratelimit-remaining', limit.remaining);
          reply.header('x-ratelimit-reset', limit.ttlInSeconds);
          if (limit.isExceeded) refuse(reply, limit.ttl);
        }
      }
      if (config?.tokenParam && !config.servesKnownTokens) {
        const misses = await tokenMisses(request, { increment: false });
        if (!misses.isAllowed && misses.remaining === 0) refuse(reply, misses.ttl);
      }
    });
    // A miss is counted when its answer is known. On a route that serves known tokens whatever the
    // address tried before, the lockout only turns the address's further misses into 429.
    app.addHook('onSend', async (request, reply, payload) => {
      const { config } = request.routeOptions;
      if (reply.statusCode !== 404 || !config?.tokenParam) return payload;
      if (!config.servesKnownTokens) {
        await tokenMisses(request);
        return payload;
      }
      const misses = await servedMisses(request);
      if (misses.isAllowed || !misses.isExceeded) return payload;
      reply
        .code(429)
        .header('retry-after', Math.ceil(misses.ttl / 1000))
        .type('application/json');
      return JSON.stringify({ message: tooMany(misses.ttl).message });
    });
  },
  { name: 'security', dependencies: ['config', 'db'] },
);
