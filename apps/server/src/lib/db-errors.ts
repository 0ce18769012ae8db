import { unprocessable } from './http-errors';

/** A unique index refused the write (better-sqlite3 and pg report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The unique index a refused write broke, when the engine names it: pg reports it as `constraint`;
 * SQLite names an expression index in its message ("UNIQUE constraint failed: index 'x'") but lists
 * the columns of a plain one, and then this answers undefined.
 */
export function violatedIndex(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (typeof constraint === 'string') return constraint;
  return /UNIQUE constraint failed: index '([^']+)'/.exec(messageOf(error))?.[1];
}

/** A rule a unique index keeps, and the 422 its check answers: `{[field]: [message]}`. */
export interface UniqueRule {
  index: string;
  field: string;
  message: string;
}

/**
 * Maps a write that raced past a uniqueness check (both saw the name free, one committed first) to
 * the 422 the check itself answers, by the index the engine names (the first rule when it names
 * none). Any other error, a violation of some other index included, is rethrown as it is.
 */
export const uniqueRace =
  (...rules: UniqueRule[]) =>
  (error: unknown): never => {
    if (!isUniqueViolation(error)) throw error;
    const index = violatedIndex(error);
    const rule = index === undefined ? rules[0] : rules.find((r) => r.index === index);
    if (!rule) throw error;
    throw unprocessable({ [rule.field]: [rule.message] });
  };

/**
 * Runs `work` (a whole transaction) again when a unique index refused its write, up to `attempts`
 * times: for writes that choose their values from what they read (a copy's first free name, a bulk
 * restore's refusals), which a second look gets right once the racing write has committed. The last
 * attempt's error is the caller's.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}

/** Socket errors of a connection to PostgreSQL that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), 57P01–57P03 (shut down by
 * an administrator or a crash, or still starting), 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** SQLite: locked past the busy timeout, or the file cannot be opened (extended codes included). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|CANTOPEN)(_[A-Z]+)?$/;

/** What node-postgres and pg-pool throw, without a code, when a connection fails or dies. */
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** One error (not its causes) says the database cannot be reached. */
function saysUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (
    code !== undefined &&
    (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))
  )
    return true;
  const message = messageOf(error);
  return PG_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * Whether a query failed because the database is out of reach, busy or restarting — a state that
 * passes by itself, so the client is told to retry (503) instead of being shown a server error.
 * Node's connect to a host with several addresses throws an AggregateError of one error per
 * address; those are looked at too. Causes are not: a fetch to an unreachable URL (data sources)
 * has ECONNREFUSED as its cause, and is no database problem.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (saysUnavailable(error)) return true;
  return error instanceof AggregateError && error.errors.some(saysUnavailable);
}
