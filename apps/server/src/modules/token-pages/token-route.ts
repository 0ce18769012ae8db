import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Viewer } from '../token-links';

/** Requests a minute one viewer may make with one token (docs/design.md §9: per token and IP). */
const PER_TOKEN_PER_MINUTE = 120;

/**
 * The route config of a token page's API: no session (the token in `param` is the credential,
 * documented with its 404 and 410), no XSRF — there is no session to ride on, and a write's
 * token is in its URL, which another site cannot know —, and a rate limit per token and IP.
 */
export const tokenRoute = (param: string, { write = false } = {}): FastifyContextConfig => ({
  public: true,
  ...(write ? { xsrf: false } : {}),
  tokenParam: param,
  rateLimit: {
    max: PER_TOKEN_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}|${String((request.params as Record<string, unknown>)[param] ?? '')}`,
  },
});

/** Who opens a token page, as its request tells: what a view of the link records. */
export const viewerOf = (request: FastifyRequest): Viewer => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
