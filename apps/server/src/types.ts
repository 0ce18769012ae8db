import type { Section, User } from '@adstudio/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { RequestToken } from './plugins/access-token-auth';
import type { Services } from './services';
import type { ObjectStore } from './storage/object-store';
import type { Signer } from './storage/signer';

/** What the session guard demands of a route, fixed when the route is registered. */
export interface RouteGuard {
  /** Reachable without a session (token pages, the SPA, sign-in). */
  public: boolean;
  /**
   * State-changing methods need the X-XSRF-TOKEN header; 'always': every method does, for the
   * spec's state-changing GETs (docs/design.md §4).
   */
  xsrf: boolean | 'always';
}

/** A registered route, for tests that must cover all of them (e.g. XSRF on every write). */
export interface RouteEntry extends RouteGuard {
  method: string;
  url: string;
  /** A token page's route: the path parameter holding its token (the token is its credential). */
  tokenParam?: string;
  /** Known tokens are answered whatever the address's misses (the route's config). */
  servesKnownTokens?: true;
  /** Needs a signed-in session: a bearer token's 403 message (the route's config). */
  sessionOnly?: string;
}

export interface RequestSession {
  id: string;
  xsrfToken: string;
  lastSeenAt: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    requireAccess(section: Section, action: 'read' | 'write'): preHandlerAsyncHookHandler;
    /** The guard of what only admins do (the team, SSO): 403 for anyone else. */
    requireAdmin: preHandlerAsyncHookHandler;
    routeTable: readonly RouteEntry[];
    /** Every service, built once (`src/services.ts`); routes take what they use. */
    services: Services;
    storage: { store: ObjectStore; signer: Signer };
  }
  interface FastifyRequest {
    user: User | null;
    session: RequestSession | null;
    sessionExpired: boolean;
    xsrfToken: string;
    /** The personal access token of a bearer request (the session plugin); null otherwise. */
    accessToken: RequestToken | null;
  }
  interface FastifyContextConfig {
    /**
     * Reachable without a session. Default: false for the API (`/v1/*`, `/vapor/*`),
     * true for everything else (the SPA, sign-in page, signed storage URLs, docs).
     */
    public?: boolean;
    /**
     * Default true: state-changing methods need the XSRF header. False for writes scoped by a
     * signature or token; 'always' for a GET that changes state (e.g. `GET /v1/assets/{id}/restore`).
     */
    xsrf?: boolean | 'always';
    /**
     * False for probes (`/healthz`, `/readyz`): no session is looked up, so they answer from the
     * process alone whatever cookies the caller sends (the XSRF cookie is still handed out).
     */
    session?: false;
    /**
     * True for answers embedded in other sites' pages (served ad tags): no session is looked up and
     * no cookie is set, not even the XSRF cookie every other answer refreshes; the app's page
     * security headers are left out (the answer sets its own sandbox CSP), but `Referrer-Policy`.
     */
    cookieless?: true;
    /**
     * A token route that answers a known token whatever the address's misses (served ad tags: one
     * address carries many viewers). Its misses count apart, and past the limit they answer 429.
     */
    servesKnownTokens?: true;
    /**
     * A route a signed-in session must call: a bearer token gets 403 with this message. What makes
     * or changes credentials (tokens, webhooks, the password) must not outlive a leaked token.
     */
    sessionOnly?: string;
    /**
     * Reachable by a user whose company requires two-factor sign-in before they have set it up
     * (its set-up, the signed-in user, sign-out); every other API route answers them 403.
     */
    twoFactorSetup?: true;
  }
}
