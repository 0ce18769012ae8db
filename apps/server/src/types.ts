import type { Section, User } from '@adstudio/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { LocalDisk } from './storage/local-disk';
import type { Signer } from './storage/signer';

/** A registered route, for tests that must cover all of them (e.g. XSRF on every write). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
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
    routeTable: readonly RouteEntry[];
    storage: { disk: LocalDisk; signer: Signer };
  }
  interface FastifyRequest {
    user: User | null;
    session: RequestSession | null;
    sessionExpired: boolean;
    xsrfToken: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (token pages). */
    public?: boolean;
    /** Set false for writes scoped by a capability token rather than a session. */
    xsrf?: boolean;
  }
}

/** The signed-in user of a route behind the session guard. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the session guard');
  return request.user;
}
