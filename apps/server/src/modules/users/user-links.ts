import type { Executor } from '../../db/database';
import type { UserLinksTable, UserRow } from '../../db/schema';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { randomToken, sha256 } from '../../lib/tokens';
import type { UserLinksRepository } from './user-links.repository';

export interface LinkIssuerDeps {
  links: UserLinksRepository;
  emit(trx: Executor, event: { company_id: number; type: string; data: object }): Promise<void>;
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
    const now = nowIso();
    const expiresAt = new Date(Date.now() + link.ttlMs).toISOString();
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
