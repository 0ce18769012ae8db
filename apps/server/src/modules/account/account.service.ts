import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_CHOICES,
  type UpdateAccountBody,
  type UpdatePasswordBody,
  type User,
  type UserSettings,
} from '@adstudio/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { toUser } from '../users/users.repository';
import type { AccountRepository } from './account.repository';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';

const emailTaken = () => unprocessable({ email: [EMAIL_TAKEN] });

/** A unique-index violation on either engine (a concurrent change to the same email). */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const isItemsPerPage = (n: unknown): n is UserSettings['items_per_page'] =>
  (ITEMS_PER_PAGE_CHOICES as readonly unknown[]).includes(n);

interface Deps {
  account: AccountRepository;
}

export function createAccountService({ account }: Deps) {
  async function userRow(user: User) {
    const row = await account.findUser(user.id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async updateProfile(user: User, body: UpdateAccountBody): Promise<User> {
      if (await account.emailTakenByOther(body.email, user.id)) throw emailTaken();
      try {
        return toUser(await account.updateProfile(user.id, body));
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** Checks the current password, stores the new one and signs out every other session of the user. */
    async changePassword(user: User, currentSessionId: string, body: UpdatePasswordBody): Promise<void> {
      const row = await userRow(user);
      if (!(await verifyPassword(row.password_hash, body.current_password)))
        throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
      await account.updatePasswordHash(user.id, await hashPassword(body.password));
      await account.deleteSessionsExcept(user.id, currentSessionId);
    },

    async settings(user: User): Promise<UserSettings> {
      const stored = parseJson<Record<string, unknown>>((await userRow(user)).settings, {});
      const perPage = stored.items_per_page;
      return { items_per_page: isItemsPerPage(perPage) ? perPage : DEFAULT_ITEMS_PER_PAGE };
    },

    /** Merges into the stored settings, keeping keys this version does not know. */
    async saveSettings(user: User, body: UserSettings): Promise<UserSettings> {
      const stored = parseJson<Record<string, unknown>>((await userRow(user)).settings, {});
      await account.updateSettings(user.id, JSON.stringify({ ...stored, ...body }));
      return { items_per_page: body.items_per_page };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
