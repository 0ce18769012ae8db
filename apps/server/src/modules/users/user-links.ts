import type { Executor, Transactor } from '../../db/database';
import type { UserLinksTable, UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { randomToken, sha256 } from '../../lib/tokens';
import type { OutboxEmit } from '../outbox';
import type { UserLinksRepository } from './user-links.repository';
import type { UsersRepository } from './users.repository';

export interface LinkIssuerDeps {
  links: UserLinksRepository;
  emit: OutboxEmit;
  /** Seals the token for the e-mail that carries it: the outbox stores no plain token. */
  sealer: Sealer;
  /** Whether e-mail goes out (SMTP_URL); without, the caller hands the link over once. */
  mails: boolean;
}

/**
 * Issues a user's one-time link (docs/design.md §13): 256 random bits, stored as their SHA-256,
 * the user's earlier unused link of the purpose voided, and — when e-mail goes out — the outbox
 * event of its e-mail written in the same transaction, the token sealed in it. Answers the token
 * (for the one answer that may show it) and when the link stops working.
 */
export const linkIssuer =
  ({ links, emit, sealer, mails }: LinkIssuerDeps) =>
  async (
    row: UserRow,
    link: { purpose: UserLinksTable['purpose']; ttlMs: number; createdBy: number | null },
    event: { type: string; data?: object },
    trx: Executor,
  ): Promise<{ token: string; expiresAt: string }> => {
    const token = randomToken();
    // One instant for both: a link lives exactly its time.
    const at = Date.now();
    const now = new Date(at).toISOString();
    const expiresAt = new Date(at + link.ttlMs).toISOString();
    await links.voidAll(row.id, link.purpose, now, trx);
    await links.insert(
      {
        company_id: row.company_id,
        user_id: row.id,
        purpose: link.purpose,
        token_hash: sha256(token),
        created_by: link.createdBy,
        created_at: now,
        expires_at: expiresAt,
      },
      trx,
    );
    if (mails)
      await emit(trx, {
        company_id: row.company_id,
        type: event.type,
        data: { user_id: row.id, ...event.data, link: sealer.seal(token) },
      });
    return { token, expiresAt };
  };

/**
 * Redeems a user's one-time link with the password it sets: the link found by its token's hash,
 * unused and unexpired, its user in the `status` the purpose needs, the link used once in the
 * transaction of `work` (which writes the password's hash and whatever follows). Anything else is
 * the 422 on `token` with `invalid`; the password is hashed before the transaction, argon2 being slow.
 */
export const linkRedeemer =
  ({
    links,
    users,
    transaction,
  }: {
    links: UserLinksRepository;
    users: UsersRepository;
    transaction: Transactor;
  }) =>
  async <T>(
    token: string,
    password: string,
    link: { purpose: UserLinksTable['purpose']; status: UserRow['status']; invalid: string },
    work: (row: UserRow, passwordHash: string, trx: Executor) => Promise<T>,
  ): Promise<T> => {
    const refused = () => unprocessable({ token: [link.invalid] });
    const found = await links.usable(sha256(token), link.purpose, nowIso());
    if (!found) throw refused();
    const passwordHash = await hashPassword(password);
    return transaction(async (trx) => {
      const row = await users.inCompany(found.company_id, found.user_id, trx);
      if (row?.status !== link.status || !(await links.use(found.id, nowIso(), trx))) throw refused();
      return work(row, passwordHash, trx);
    });
  };
