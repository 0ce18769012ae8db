import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Routes that answer their own CORS: signed storage URLs, sent without credentials (`*`). */
const OWN_CORS = /^\/storage\//;

const NONE: FastifyCorsOptions = { origin: false };

/**
 * Credentialed CORS for an SPA on another origin (`CORS_ORIGINS`, docs/design.md §4): the request's
 * origin is echoed only when listed; any other origin, and a request without one, gets no
 * Access-Control-* header at all. Registered before the session and rate-limit hooks, so their
 * 401/419/429 answers stay readable by the SPA; not registered at all when no origin is listed.
 */
export const corsPlugin = fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size === 0) return;
    const base: FastifyCorsOptions = {
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept', 'X-Requested-With', 'X-XSRF-TOKEN', 'If-Match'],
      maxAge: 600,
    };
    // Decided on the route the router chose, like the other guards, never on the raw URL text.
    const optionsFor = (request: FastifyRequest): FastifyCorsOptions => {
      const origin = request.headers.origin;
      if (OWN_CORS.test(request.routeOptions.url ?? '')) return NONE;
      return origin && allowed.has(origin) ? { ...base, origin } : NONE;
    };
    await app.register(cors, {
      delegator: (request, callback) => callback(null, optionsFor(request)),
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
