import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_CHOICES,
  type UpdateAccountBody,
  type UpdatePasswordBody,
  type User,
  type UserSettings,
} from '@adstudio/contract';
import { isUniqueViolation } from '../../lib/db-errors';
import { notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { SessionsRepository } from '../../repositories/sessions.repository';
import { toUser, type UsersRepository } from '../../repositories/users.repository';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';
export const CURRENT_PASSWORD_REQUIRED = 'The current password field is required to change your email.';

const emailTaken = () => unprocessable({ email: [EMAIL_TAKEN] });

const isItemsPerPage = (n: unknown): n is UserSettings['items_per_page'] =>
  (ITEMS_PER_PAGE_CHOICES as readonly unknown[]).includes(n);

interface Deps {
  users: UsersRepository;
  sessions: SessionsRepository;
}

export function createAccountService({ users, sessions }: Deps) {
  async function userRow(user: User) {
    const row = await users.findById(user.id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Name and avatar freely; a new email only with the current password. */
    async updateProfile(user: User, body: UpdateAccountBody): Promise<User> {
      const { current_password: currentPassword, ...changes } = body;
      const row = await userRow(user);
      if (changes.email !== row.email) {
        if (!currentPassword) throw unprocessable({ current_password: [CURRENT_PASSWORD_REQUIRED] });
        if (!(await verifyPassword(row.password_hash, currentPassword)))
          throw unprocessable({ current_password: [WRONG_CURRENT_PASSWORD] });
      }
      if (await users.emailTakenByOther(changes.email, user.id)) throw emailTaken();
      try {
        return toUser(await users.updateReturning(user.id, changes));
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
      await users.update(user.id, { password_hash: await hashPassword(body.password) });
      await sessions.deleteForUser(user.id, currentSessionId);
    },

    async settings(user: User): Promise<UserSettings> {
      const stored = parseJson<Record<string, unknown>>((await userRow(user)).settings, {});
      const perPage = stored.items_per_page;
      return { items_per_page: isItemsPerPage(perPage) ? perPage : DEFAULT_ITEMS_PER_PAGE };
    },

    /** Merges into the stored settings, keeping keys this version does not know. */
    async saveSettings(user: User, body: UserSettings): Promise<UserSettings> {
      const stored = parseJson<Record<string, unknown>>((await userRow(user)).settings, {});
      await users.update(user.id, { settings: JSON.stringify({ ...stored, ...body }) });
      return { items_per_page: body.items_per_page };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
