import { PASSWORD_RESET_MINUTES, type PasswordResetLink, RESET_INVALID, type User } from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { found, unprocessable } from '../../lib/http-errors';
import type { Sealer } from '../../lib/secrets';
import { sha256 } from '../../lib/tokens';
import type { AuditLog } from '../audit';
import type { OutboxEmit } from '../outbox';
import { linkIssuer, linkRedeemer } from './user-links';
import type { UserLinksRepository } from './user-links.repository';
import { toUser, type UsersRepository } from './users.repository';

/** The SPA's page a reset link opens (apps/web/src/config/paths.ts). */
export const resetPath = (token: string) => `/reset-password/${token}`;

/** A request for a reset link answers no sooner than this, whether or not the email has an account. */
export const RESET_ANSWER_MS = 400;

interface Deps {
  users: UsersRepository;
  links: UserLinksRepository;
  /** Counts a request against a limit (per address, per email); throws the 429 past it. */
  limit(keys: readonly string[]): Promise<void>;
  endSessions(userId: number, trx: Executor): Promise<unknown>;
  emit: OutboxEmit;
  audit: AuditLog;
  transaction: Transactor;
  sealer: Sealer;
  mails: boolean;
  spaUrl(path: string): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Password resets (docs/design.md §13): a one-time link (256 random bits, stored hashed, an hour,
 * single use) asked for by email on the sign-in page, or made by an admin for a user; the new
 * password ends every session of the user and an e-mail tells them it changed. Asking answers the
 * same, after the same time, whether or not the email has an account.
 */
export function createPasswordResets(deps: Deps) {
  const { users, audit, transaction } = deps;

  const issue = linkIssuer(deps);
  const redeem = linkRedeemer(deps);
  /** A new reset link for `row`, its e-mail queued in the same transaction. */
  const newLink = (row: UserRow, createdBy: number | null, trx: Executor) =>
    issue(
      row,
      { purpose: 'reset', ttlMs: PASSWORD_RESET_MINUTES * 60_000, createdBy },
      { type: 'user.password_reset' },
      trx,
    );

  return {
    /** A reset link e-mailed to `email`'s active account, if it has one; the caller answers the same either way. */
    async request(email: string, ip: string): Promise<void> {
      const started = Date.now();
      try {
        await deps.limit([`reset-ip:${sha256(ip)}`, `reset-email:${sha256(email)}`]);
        const row = await users.findByEmail(email);
        if (row?.status === 'active' && deps.mails) await transaction((trx) => newLink(row, null, trx));
      } finally {
        await sleep(RESET_ANSWER_MS - (Date.now() - started));
      }
    },

    /** An admin's reset link for a user of the company: e-mailed, or answered once when no mail goes out. */
    forUser: (admin: User, id: number): Promise<PasswordResetLink> =>
      transaction(async (trx) => {
        const row = found(await users.inCompany(admin.company_id, id, trx));
        if (row.status !== 'active')
          throw unprocessable({ id: ['Only an active user can reset a password.'] });
        const link = await newLink(row, admin.id, trx);
        await audit.log(trx, admin, {
          entityId: row.id,
          action: 'updated',
          changes: { password_reset_link: [null, link.expiresAt] },
        });
        return {
          expires_at: link.expiresAt,
          ...(deps.mails ? {} : { reset_url: deps.spaUrl(resetPath(link.token)) }),
        };
      }),

    /**
     * Sets a new password through a link (single use, unexpired): every session of the user ends,
     * an e-mail tells them. Answers the user, whom the route signs in.
     */
    reset: (token: string, password: string): Promise<UserRow> =>
      redeem(
        token,
        password,
        { purpose: 'reset', status: 'active', invalid: RESET_INVALID },
        async (row, hash, trx) => {
          await users.update(row.id, { password_hash: hash }, trx);
          await deps.endSessions(row.id, trx);
          if (deps.mails)
            await deps.emit(trx, {
              company_id: row.company_id,
              type: 'user.password_changed',
              data: { user_id: row.id },
            });
          await audit.log(trx, toUser(row), {
            entityId: row.id,
            action: 'updated',
            changes: { password: ['(reset)', '(new)'] },
          });
          return row;
        },
      ),
  };
}
export type PasswordResets = ReturnType<typeof createPasswordResets>;
