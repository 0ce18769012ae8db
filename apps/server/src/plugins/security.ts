import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

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
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
    await app.register(rateLimit, {
      max: app.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'security', dependencies: ['config'] },
);
