import {
  type AccessToken,
  type AccessTokenCreate,
  type CompanyAccessToken,
  isAdmin,
  type NewAccessToken,
  type RevokedTokens,
  TOKEN_DEFAULT_DAYS,
  TOKENS_MAX,
  TOKENS_TOO_MANY,
  type TokenAbility,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuditLog } from '../audit';
import type { AccessTokensRepository } from './access-tokens.repository';

interface Deps {
  tokens: AccessTokensRepository;
  audit: AuditLog;
  transaction: Transactor;
}

const shown = (row: {
  id: number;
  name: string;
  abilities: string;
  expires_at: string;
  last_used_at: string | null;
  created_at: string;
}): AccessToken => ({
  id: row.id,
  name: row.name,
  abilities: parseJson<TokenAbility[]>(row.abilities, []),
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
  created_at: row.created_at,
});

/**
 * Personal access tokens (Sanctum's model): a user lists, creates and
 * revokes their own; an admin sees and revokes the company's. The secret is shown once, at
 * creation, and stored as its SHA-256 only. Creation and revocation are audited.
 */
export function createAccessTokensService({ tokens, audit, transaction }: Deps) {
  return {
    list: async (user: User): Promise<AccessToken[]> => (await tokens.ofUser(user.id)).map(shown),

    async create(user: User, body: AccessTokenCreate): Promise<NewAccessToken> {
      const now = nowIso();
      const secret = randomToken(32);
      const expiresAt = new Date(
        body.expires_at ? Date.parse(body.expires_at) : Date.now() + TOKEN_DEFAULT_DAYS * 86_400_000,
      ).toISOString();
      return transaction(async (trx) => {
        if ((await tokens.liveCount(user.id, now, trx)) >= TOKENS_MAX)
          throw unprocessable({}, TOKENS_TOO_MANY);
        const row = await tokens.insert(
          {
            company_id: user.company_id,
            user_id: user.id,
            name: body.name,
            token_hash: sha256(secret),
            abilities: JSON.stringify(body.abilities),
            expires_at: expiresAt,
            last_used_at: null,
            created_at: now,
          },
          trx,
        );
        await audit.log(trx, user, {
          entityId: row.id,
          action: 'created',
          changes: {
            name: [null, row.name],
            abilities: [null, body.abilities],
            expires_at: [null, expiresAt],
          },
        });
        return { ...shown(row), token: `${row.id}|${secret}` };
      });
    },

    /** Revokes one of the user's tokens (404 for another's). */
    revoke: (user: User, id: number) => revoke(user, { userId: user.id }, id),

    /** Revokes every token of the user ("revoke all my tokens"). */
    revokeMine: async (user: User): Promise<RevokedTokens> => ({
      revoked: await transaction((trx) => revokeAllOf(user, trx)),
    }),

    /**
     * Revokes every token of `ownerId` (the user's own by default) inside `trx`, audited as `user`'s
     * doing: a password change may ask for it, a deactivation does it. How many.
     */
    revokeAllOf,

    /** The company's tokens, each with its user (admins). */
    async ofCompany(user: User): Promise<CompanyAccessToken[]> {
      if (!isAdmin(user)) throw forbidden();
      return (await tokens.ofCompany(user.company_id)).map((row) => ({
        ...shown(row),
        user: { id: row.user_id, name: row.user_name, email: row.user_email },
      }));
    },

    /** Revokes any token of the company (admins). */
    async revokeInCompany(user: User, id: number) {
      if (!isAdmin(user)) throw forbidden();
      await revoke(user, { companyId: user.company_id }, id);
    },
  };

  async function revokeAllOf(user: User, trx: Executor, ownerId = user.id): Promise<number> {
    const gone = await tokens.revokeAllOf(ownerId, trx);
    for (const token of gone)
      await audit.log(trx, user, {
        entityId: token.id,
        action: 'deleted',
        changes: { name: [token.name, null] },
      });
    return gone.length;
  }

  async function revoke(user: User, scope: { userId: number } | { companyId: number }, id: number) {
    await transaction(async (trx) => {
      const gone = await tokens.revoke(scope, id, trx);
      if (!gone) throw notFound();
      await audit.log(trx, user, {
        entityId: gone.id,
        action: 'deleted',
        changes: { name: [gone.name, null] },
      });
    });
  }
}
export type AccessTokensService = ReturnType<typeof createAccessTokensService>;
