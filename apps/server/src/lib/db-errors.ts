/** A unique index refused the write (better-sqlite3 and pg report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
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
