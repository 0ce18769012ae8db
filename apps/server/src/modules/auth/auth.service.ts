import type { User } from '@adstudio/contract';
import type { Config } from '../../config';
import type { Executor, Transactor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { randomToken, sha256 } from '../../lib/tokens';
import { toUser, type UsersRepository } from '../users';
import type { LoginAttemptsRepository, SessionsRepository } from './sessions.repository';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';

export interface LoginResult {
  user: User;
  cookieValue: string;
  xsrfToken: string;
  expiresAt: string;
}

/** Too many failed sign-ins; carries how long to wait. */
export class LoginThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many login attempts. Please try again in ${retryAfterSeconds} seconds.`);
  }
}

interface Deps {
  config: Pick<Config, 'session' | 'login'>;
  users: UsersRepository;
  sessions: SessionsRepository;
  attempts: LoginAttemptsRepository;
  transaction: Transactor;
  /** Whether the company requires single sign-on: its users' passwords fail, break-glass users' aside. */
  ssoRequired?: (companyId: number) => Promise<boolean>;
}

export function createAuthService({ config, users, sessions, attempts, transaction, ssoRequired }: Deps) {
  const windowMs = config.login.windowSeconds * 1000;
  // Per IP and email, and a looser ceiling per IP so one address cannot spray many accounts.
  const limits = (ip: string, email: string) => [
    { key: `pair:${sha256(`${ip}|${email}`)}`, max: config.login.maxAttempts },
    { key: `ip:${sha256(ip)}`, max: config.login.maxAttempts * 4 },
  ];

  /**
   * Every attempt is counted before the password is checked, atomically, so parallel attempts can
   * not slip past the limit between a read and a write; a success gives its count back.
   */
  async function take(counted: readonly { key: string; max: number }[]) {
    const now = nowIso();
    const windowStart = new Date(Date.now() - windowMs).toISOString();
    for (const limit of counted) {
      const row = await attempts.take(limit.key, now, windowStart);
      if (row.failures <= limit.max) continue;
      const retryAt = Date.parse(row.window_started_at) + windowMs;
      throw new LoginThrottledError(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)));
    }
  }

  async function openSession(
    row: UserRow,
    input: { ip: string; userAgent?: string | undefined; replaces?: string | undefined },
    trx: Executor,
  ): Promise<LoginResult> {
    const cookieValue = randomToken();
    const xsrfToken = randomToken();
    const now = nowIso();
    const expiresAt = new Date(Date.now() + config.session.absoluteHours * 3_600_000).toISOString();
    if (input.replaces) await sessions.delete(input.replaces, trx);
    await users.update(row.id, { last_sign_in_at: now }, trx);
    await sessions.insert(
      {
        id: sha256(cookieValue),
        user_id: row.id,
        xsrf_token: xsrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 512) ?? null,
      },
      trx,
    );
    return { user: toUser(row), cookieValue, xsrfToken, expiresAt };
  }

  return {
    async login(input: {
      email: string;
      password: string;
      ip: string;
      userAgent?: string;
      /** The session this browser had: the new one replaces it in the same transaction. */
      replaces?: string;
    }): Promise<LoginResult | { twoFactorFor: UserRow }> {
      const email = input.email.trim().toLowerCase();
      await take(limits(input.ip, email));
      const row = await users.findByEmail(email);
      // Only an active user signs in; an invited or deactivated one is refused as a wrong password
      // would be, after as long a check, so the answer tells nothing of the account.
      const ok =
        row?.status === 'active'
          ? await verifyPassword(row.password_hash, input.password)
          : await burnPasswordCheck(input.password).then(() => false);
      const ssoOnly = row && ok && !row.sso_break_glass && (await ssoRequired?.(row.company_id));
      if (!row || !ok || ssoOnly)
        throw new HttpError(422, INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
      const [pair, perIp] = limits(input.ip, email);
      // The success gives its attempts back, and the new session replaces the old, all or nothing.
      // With two-factor on, the password only opens the code step: no session yet.
      return transaction(async (trx) => {
        await attempts.clear([pair!.key], trx);
        await attempts.giveBack(perIp!.key, trx);
        if (row.two_factor_confirmed_at) return { twoFactorFor: row };
        return openSession(row, input, trx);
      });
    },

    /**
     * Counts a request under each key (a reset asked per address and per email) like a failed
     * sign-in: past the sign-in's limit within its window, 429 with when to try again.
     */
    throttle: (keys: readonly string[]) => take(keys.map((key) => ({ key, max: config.login.maxAttempts }))),

    /** Gives a success's counts back (a right two-factor code), as a right password does. */
    forgive: (keys: readonly string[]) => attempts.clear([...keys]),

    /**
     * Signs in a user whom another proof let in (an invitation's or a reset's link, single sign-on):
     * a new session, replacing this browser's.
     */
    signIn: (
      row: UserRow,
      input: { ip: string; userAgent?: string | undefined; replaces?: string | undefined },
    ) => transaction((trx) => openSession(row, input, trx)),

    logout: (sessionId: string) => sessions.delete(sessionId),

    /** Deletes the sessions that can no longer be used: past their end, or idle too long (a timer runs it). */
    sweepSessions() {
      const now = Date.now();
      const idleMs = config.session.idleMinutes * 60_000;
      return sessions.deleteExpired(new Date(now).toISOString(), new Date(now - idleMs).toISOString());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
