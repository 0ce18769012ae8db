import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** What a store answers for a key: hits in its window, and the window's milliseconds left. */
interface Count {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, result?: Count) => void;

/** A store as the rate-limit plugin calls it: `read` backs `{ increment: false }` (the lockout check). */
export interface CountingStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: { routeInfo?: { method?: string; url?: string } }): CountingStore;
}

/** The database's clock in milliseconds: instances whose clocks differ still share one window. */
const nowMs = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Windows that ended before now, deleted (a timer runs it on PostgreSQL, db/db.tasks.ts): a key
 * lives a window long, so the table holds about one minute's addresses and tokens.
 */
export const sweepRateLimits = (db: Db) =>
  db.deleteFrom('rate_limit_hits').where('resets_at', '<', nowMs).executeTakeFirst();

/**
 * The rate-limit plugin's counts in PostgreSQL: every instance on the database counts one window
 * per key, so two instances behind one address allow the limit once, not twice (issue 47).
 * A hit is one statement: the row is created, counted or restarted when its window has passed,
 * atomically under concurrent hits, with the database's clock.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements CountingStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, done: Done, timeWindow: number): void {
      const window = Math.max(1, Math.trunc(timeWindow));
      db.insertInto('rate_limit_hits')
        .values({ key: this.keyOf(key), hits: 1, resets_at: sql<string>`${nowMs} + ${window}` })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // excluded.resets_at - window is now, by the database's clock.
            hits: sql<number>`case when rate_limit_hits.resets_at <= excluded.resets_at - ${window} then 1 else rate_limit_hits.hits + 1 end`,
            resets_at: sql<string>`case when rate_limit_hits.resets_at <= excluded.resets_at - ${window} then excluded.resets_at else rate_limit_hits.resets_at end`,
          }),
        )
        .returning(['hits', sql<number>`(rate_limit_hits.resets_at - ${nowMs})::integer`.as('ttl')])
        .executeTakeFirstOrThrow()
        .then(({ hits, ttl }) => done(null, { current: hits, ttl: Math.max(0, ttl) }), done);
    }

    read(key: string, done: Done): void {
      db.selectFrom('rate_limit_hits')
        .select(['hits', sql<number>`(resets_at - ${nowMs})::integer`.as('ttl')])
        .where('key', '=', this.keyOf(key))
        .where('resets_at', '>', nowMs)
        .executeTakeFirst()
        .then(
          (row) =>
            done(null, row ? { current: row.hits, ttl: Math.max(0, row.ttl) } : { current: 0, ttl: 0 }),
          done,
        );
    }

    /** A route's limit counts apart from another's with the same key, as the plugin's own stores do. */
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }): CountingStore {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {};
      return new DatabaseStore(`${this.prefix}${method}${url}-`);
    }

    private keyOf(key: string): string {
      return this.prefix + key;
    }
  }
  return hashingKeys(() => new DatabaseStore());
}

/**
 * The counts in Redis (`REDIS_URL`), with the plugin's own Redis store: a Lua script counts a hit
 * and sets its expiry in one step. The client is ioredis, loaded only when Redis is configured.
 */
export async function redisRateLimitStore(url: string) {
  const [{ Redis }, { default: RedisStore }] = await Promise.all([
    import('ioredis'),
    // The plugin's own Redis store (its Lua script); the module has no types of its own.
    // @ts-expect-error: untyped module, typed as RedisStoreCtor below
    import('@fastify/rate-limit/store/RedisStore.js') as Promise<{ default: RedisStoreCtor }>,
  ]);
  // Fail a hit fast while Redis is away rather than queue it (a request would hang on it).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const store = hashingKeys(() => new RedisStore(false, false, redis, 'adstudio-rate-limit:'));
  return { store, close: () => redis.quit().then(() => undefined) };
}

type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  prefix: string,
) => CountingStore;

/**
 * A store whose keys are hashed before they are kept: a token page's key carries its token, which
 * neither the database nor Redis should hold in clear. The route's prefix stays readable.
 */
function hashingKeys(make: () => CountingStore): FastifyRateLimitStoreCtor {
  const hash = (key: string) => createHash('sha256').update(key).digest('base64url');
  const wrap = (inner: CountingStore): CountingStore => ({
    incr: (key, done, timeWindow, max) => inner.incr(hash(key), done, timeWindow, max),
    read: (key, done, timeWindow, max) => inner.read(hash(key), done, timeWindow, max),
    child: (routeOptions) => wrap(inner.child(routeOptions)),
  });
  return function HashedStore() {
    return wrap(make());
  } as unknown as FastifyRateLimitStoreCtor;
}
