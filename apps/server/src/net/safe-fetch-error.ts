/**
 * What a refused or failed outbound request tells: the user a message that names the host only,
 * the server log the reason (safe-fetch.ts).
 */

/** A refusal's reason, for the server log only. */
export type RefusalLog = (entry: { host: string; code: SafeFetchErrorCode; detail: string }) => void;

/** A RefusalLog writing to a pino-style logger (the app's). */
export const refusalLogOn =
  (logger: { warn(entry: object, message: string): void }): RefusalLog =>
  (entry) =>
    logger.warn({ outbound: entry }, `outbound request to ${entry.host} refused: ${entry.detail}`);

export type SafeFetchErrorCode =
  | 'bad_url'
  | 'bad_scheme'
  | 'bad_header'
  | 'blocked'
  | 'dns'
  | 'too_many_redirects'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  | 'network';

/**
 * A refusal or failure whose message may be shown to the user: it names the host, never an address
 * or errno. `detail` is what only the server log may know.
 */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  readonly code: SafeFetchErrorCode;
  readonly detail: string | undefined;

  constructor(code: SafeFetchErrorCode, message: string, options?: ErrorOptions & { detail?: string }) {
    super(message, options);
    this.code = code;
    this.detail = options?.detail;
  }
}

/**
 * What the user is told of a host that is internal and of one that does not resolve: the same
 * words, so that the answers do not tell which internal names exist (the reason goes to the log).
 */
export const unreachableMessage = (host: string) => `${host} cannot be reached from here`;
export const unreachable = (code: 'blocked' | 'dns', host: string, detail: string, cause?: unknown) =>
  new SafeFetchError(code, unreachableMessage(host), { detail, cause });

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;
const DECODE_CODES = /^(Z_|ERR_BROTLI|ERR__ERROR)/;

/** A failure as the user may be told it: the cause is kept, the message names only the host. */
export function asSafeFetchError(
  error: unknown,
  host: string,
  aborted: 'timeout' | 'aborted' | undefined,
  timeoutMs: number,
): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const cause = { cause: error };
  if (aborted === 'timeout') {
    return new SafeFetchError('timeout', `${host} did not answer within ${timeoutMs / 1000} s`, cause);
  }
  if (aborted === 'aborted')
    return new SafeFetchError('aborted', `The request to ${host} was cancelled`, cause);
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  if (TLS_CODES.test(code)) {
    return new SafeFetchError('network', `The TLS certificate of ${host} could not be verified`, cause);
  }
  if (DECODE_CODES.test(code)) {
    return new SafeFetchError('network', `${host} sent a compressed body that could not be read`, cause);
  }
  if (code.startsWith('HPE_'))
    return new SafeFetchError('network', `${host} sent an invalid HTTP response`, cause);
  if (code === 'ECONNREFUSED') return new SafeFetchError('network', `${host} refused the connection`, cause);
  return new SafeFetchError('network', `The connection to ${host} failed`, cause);
}
