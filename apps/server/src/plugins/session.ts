import {
  CSRF_MISMATCH_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  TWO_FACTOR_REQUIRED,
  UNAUTHENTICATED_MESSAGE,
  type User,
} from '@adstudio/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { HttpError } from '../lib/http-errors';
import { nowIso } from '../lib/time';
import { randomToken, safeEqual, sha256 } from '../lib/tokens';
import { toUser } from '../modules/users';
import type { RouteGuard } from '../types';
import { assertWriteAbility, createBearerAuth } from './access-token-auth';
import { refuse } from './security';

export const SESSION_COOKIE = 'adstudio_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Route patterns of the API, which need a signed-in user unless the route says `public`. */
const API_PATTERN = /^\/(v1|vapor)\//;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;
/** Idle expiry counts from the last request; writes closer together than this add nothing. */
const TOUCH_EVERY_MS = 1000;

/**
 * Cookie sessions stored hashed in the database, the XSRF-TOKEN cookie/header check and the
 * `/v1/*` authentication rule (401 without a session, 419 once it has expired).
 */
export const sessionPlugin = fp(
  async (app) => {
    const { sessions, bearerTokens } = app.services;
    const { idleMinutes } = app.config.session;
    const idleMs = idleMinutes * 60_000;
    const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: app.config.secureCookies };

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionExpired', false);
    app.decorateRequest('xsrfToken', '');
    app.decorateRequest('accessToken', null);
    const bearer = createBearerAuth(bearerTokens);
    // Rate limits apply per token too (the per-IP ceiling ran before, in the security plugin).
    const perToken = app.createRateLimit({
      max: app.config.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `token|${request.accessToken?.id ?? 0}`,
    });

    // Sessions first, then the guards of the route the router chose (its config, set at registration
    // from its pattern), before any body is read: `/%761/x` and `/v1/x` are one route, one rule.
    app.addHook('onRequest', async (request, reply) => {
      const raw = request.cookies[SESSION_COOKIE];
      // Probes answer from the process alone: no session lookup, so no database.
      const { config } = request.routeOptions;
      // A script's personal access token on an API route: it stands for its user, without cookies
      // and so without the XSRF header (access-token-auth.ts). Public routes (token pages and their
      // own actions) authenticate nobody: there the header is ignored.
      const pattern = request.routeOptions.url;
      const guard = config as RouteGuard;
      if (pattern !== undefined && takesBearer(pattern, guard) && bearer.carries(request)) {
        // A write is what a session would need the XSRF header for: one rule for both credentials.
        await bearer.authenticate(request, {
          hasCookie: raw !== undefined,
          // A session-only route refuses every token alike, with its own reason.
          writes: needsXsrf(guard, request.method) && !config.sessionOnly,
        });
        if (config.sessionOnly) throw new HttpError(403, config.sessionOnly);
        const limit = await perToken(request);
        if (!limit.isAllowed && limit.isExceeded) refuse(reply, limit.ttl);
        return;
      }
      if (raw && config.session !== false && !config.cookieless) {
        const row = await sessions.findWithUser(sha256(raw));
        const now = Date.now();
        if (row && Date.parse(row.expires_at) > now && Date.parse(row.last_seen_at) + idleMs > now) {
          request.session = { id: row.session_id, xsrfToken: row.xsrf_token, lastSeenAt: row.last_seen_at };
          const user = toUser(row);
          // The company requires two-factor sign-in and this user has not set it up: its set-up only.
          request.user =
            row.require_two_factor === 1 && !user.two_factor
              ? { ...user, two_factor_setup_required: true }
              : user;
        } else {
          // A known session past its time is "expired" (419); an unknown cookie is simply signed out (401).
          if (row) {
            await sessions.delete(row.session_id);
            request.sessionExpired = true;
          }
          reply.clearCookie(SESSION_COOKIE, cookieOptions);
        }
      }
      const guest = request.cookies[XSRF_COOKIE];
      // A cookie-less route (served ads) sets no XSRF cookie and takes no write: no token to draw.
      if (!config.cookieless)
        request.xsrfToken =
          request.session?.xsrfToken ?? (guest && TOKEN_SHAPE.test(guest) ? guest : randomToken());

      // No route matched: the not-found handler answers, nothing to guard.
      if (request.routeOptions.url === undefined) return;
      if (needsXsrf(guard, request.method) && !hasValidXsrfToken(request)) {
        throw new HttpError(419, CSRF_MISMATCH_MESSAGE);
      }
      if (!guard.public && !request.user) {
        throw request.sessionExpired
          ? new HttpError(419, SESSION_EXPIRED_MESSAGE)
          : new HttpError(401, UNAUTHENTICATED_MESSAGE);
      }
      if (
        request.user?.two_factor_setup_required &&
        API_PATTERN.test(pattern ?? '') &&
        !config.twoFactorSetup
      )
        throw new HttpError(403, TWO_FACTOR_REQUIRED);
    });

    app.addHook('onSend', async (request, reply) => {
      // A served ad sets no cookie; a bearer request (a script's) gets none either.
      if (request.routeOptions.config.cookieless) return;
      // (A bearer request that was refused has no XSRF token drawn either: it gets no cookie.)
      if (request.accessToken || bearer.carries(request)) {
        reply.header('cache-control', 'no-store');
        return;
      }
      reply.setCookie(XSRF_COOKIE, request.xsrfToken, { ...cookieOptions, httpOnly: false });
      // Answers of signed-in routes are the user's own data: never kept by a browser or proxy cache.
      if ((request.routeOptions.config as Partial<RouteGuard>).public === false) {
        reply.header('cache-control', 'no-store');
      }
      const session = request.session;
      if (session && Date.now() - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
        // Best effort: the answer is decided (an edit may have committed, or the error handler
        // answered 503 because the database just went away), and a failed touch must not replace
        // it with a bare error; the next request touches the session again.
        await sessions
          .touch(session.id, nowIso())
          .catch((error: unknown) => request.log.warn({ err: error }, 'session touch failed'));
      }
    });
  },
  { name: 'session', dependencies: ['config', 'services', '@fastify/cookie'] },
);

/** The guard of a route, from its pattern and config; fixed once when the route is registered. */
export function routeGuard(pattern: string, config: FastifyContextConfig | undefined): RouteGuard {
  return {
    public: config?.public ?? !API_PATTERN.test(pattern),
    xsrf: config?.xsrf ?? true,
  };
}

/** Whether a script's bearer token authenticates on a route: signed-in API routes (public ones authenticate nobody). */
export const takesBearer = (pattern: string, guard: Pick<RouteGuard, 'public'>): boolean =>
  !guard.public && API_PATTERN.test(pattern);

/** Whether a request of `method` to a route with this guard must carry the XSRF token. */
export const needsXsrf = (guard: Pick<RouteGuard, 'xsrf'>, method: string): boolean =>
  guard.xsrf === 'always' || (guard.xsrf && !SAFE_METHODS.has(method));

/** Whether the request echoes this session's XSRF token: `X-XSRF-TOKEN` header, or a form's `_token`. */
export function hasValidXsrfToken(request: FastifyRequest): boolean {
  const sent = sentXsrfToken(request);
  return sent !== undefined && request.xsrfToken !== '' && safeEqual(sent, request.xsrfToken);
}

/**
 * Whether a request may change state on a route that does so only sometimes (a GET that creates a
 * link on first ask): a session echoing its XSRF token (false without: the caller answers 419), or
 * a bearer token with the write ability — a read-only one is refused here (403), as on any write.
 */
export function mayWrite(request: FastifyRequest): boolean {
  const token = request.accessToken;
  if (!token) return hasValidXsrfToken(request);
  assertWriteAbility(token.abilities);
  return true;
}

function sentXsrfToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-xsrf-token'];
  if (typeof header === 'string' && header.length > 0) {
    try {
      return decodeURIComponent(header);
    } catch {
      return undefined;
    }
  }
  const body = request.body as { _token?: unknown } | undefined;
  return typeof body?._token === 'string' ? body._token : undefined;
}

/** Starts a signed-in session on this response: session cookie plus a fresh XSRF token. */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  started: { cookieValue: string; xsrfToken: string; expiresAt: string },
) {
  const { secureCookies } = request.server.config;
  reply.setCookie(SESSION_COOKIE, started.cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    expires: new Date(started.expiresAt),
  });
  request.xsrfToken = started.xsrfToken;
}

/**
 * Signs `row` in on this browser, where a proof other than the password let them in (an
 * invitation's or a reset's link, single sign-on): a new session replacing the browser's own, its
 * cookies set on this response. Answers the user.
 */
export async function signInBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  row: UserRow,
): Promise<User> {
  const opened = await request.server.services.auth.signIn(row, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    replaces: request.session?.id,
  });
  startSession(request, reply, opened);
  return opened.user;
}

export function endSession(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    sameSite: 'lax',
    secure: request.server.config.secureCookies,
  });
  request.session = null;
  request.user = null;
  request.xsrfToken = randomToken();
}
