import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_CHOICES,
  type UpdateAccountBody,
  type UpdatePasswordBody,
  type User,
  type UserSettings,
  type UserSettingsUpdate,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { SessionsRepository } from '../auth';
import { toUser, type UsersRepository } from '../users';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';
export const CURRENT_PASSWORD_REQUIRED = 'The current password field is required to change your email.';

const emailTaken = () => unprocessable({ email: [EMAIL_TAKEN] });

const isItemsPerPage = (n: unknown): n is UserSettings['items_per_page'] =>
  (ITEMS_PER_PAGE_CHOICES as readonly unknown[]).includes(n);

interface Deps {
  users: UsersRepository;
  sessions: SessionsRepository;
  /** Revokes every personal access token of the user inside the transaction; how many. */
  revokeTokens: (user: User, trx: Executor) => Promise<number>;
  transaction: Transactor;
}

/** Settings saved at once by two tabs: each merge is retried on the stored value this often. */
const SETTINGS_TRIES = 5;

export function createAccountService({ users, sessions, revokeTokens, transaction }: Deps) {
  async function userRow(user: User) {
    const row = await users.findById(user.id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * Name and avatar freely; a new email only with the current password. The password is checked
     * before (argon2 is slow: no transaction waits on it) and the write holds only while the hash it
     * was checked against is still the user's (a compare-and-set), in one transaction with the
     * email check.
     */
    async updateProfile(user: User, body: UpdateAccountBody): Promise<User> {
      const { current_password: currentPassword, ...changes } = body;
      const row = await userRow(user);
      const changesEmail = changes.email !== row.email;
      if (changesEmail) {
        if (!currentPassword) throw unprocessable({ current_password: [CURRENT_PASSWORD_REQUIRED] });
        if (!(await verifyPassword(row.password_hash, currentPassword)))
          throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
      }
      try {
        const updated = await transaction(async (trx) => {
          if (await users.emailTakenByOther(changes.email, user.id, trx)) throw emailTaken();
          return users.updateReturning(user.id, changes, {
            guard: changesEmail ? { password_hash: row.password_hash } : undefined,
            trx,
          });
        });
        // The password changed between the check and the write: the one given is no longer it.
        if (!updated) throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
        return toUser(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Checks the current password, stores the new one and signs out every other session of the
     * user, in one transaction; the new hash lands only over the one that was checked. Personal
     * access tokens live on (Sanctum's rule: a script keeps working) unless `revoke_tokens` asks.
     */
    async changePassword(user: User, currentSessionId: string, body: UpdatePasswordBody): Promise<void> {
      const row = await userRow(user);
      if (!(await verifyPassword(row.password_hash, body.current_password)))
        throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
      const hash = await hashPassword(body.password);
      await transaction(async (trx) => {
        const updated = await users.updateReturning(
          user.id,
          { password_hash: hash },
          { guard: { password_hash: row.password_hash }, trx },
        );
        if (!updated) throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
        await sessions.deleteForUser(user.id, currentSessionId, trx);
        if (body.revoke_tokens) await revokeTokens(user, trx);
      });
    },

    settings: async (user: User): Promise<UserSettings> => settingsOf((await userRow(user)).settings),

    /**
     * Merges into the stored settings, keeping keys this version does not know; the merge lands
     * only on the value it read (a compare-and-set), else it is merged again.
     */
    async saveSettings(user: User, body: UserSettingsUpdate): Promise<UserSettings> {
      for (let tries = 0; tries < SETTINGS_TRIES; tries++) {
        const current = (await userRow(user)).settings;
        const stored = parseJson<Record<string, unknown>>(current, {});
        const merged = JSON.stringify({ ...stored, ...body });
        if (await users.updateReturning(user.id, { settings: merged }, { guard: { settings: current } }))
          return settingsOf(merged);
      }
      throw new HttpError(409, 'Your settings changed meanwhile. Try again.');
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

/** A user's settings as stored (JSON text), each unknown or missing one at its default. */
export function settingsOf(stored: string): UserSettings {
  const values = parseJson<Record<string, unknown>>(stored, {});
  const perPage = values.items_per_page;
  return {
    items_per_page: isItemsPerPage(perPage) ? perPage : DEFAULT_ITEMS_PER_PAGE,
    email_approvals: values.email_approvals !== false,
    email_syncs: values.email_syncs !== false,
  };
}
