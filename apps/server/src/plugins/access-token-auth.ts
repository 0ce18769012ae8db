import {
  TOKEN_AND_COOKIE,
  TOKEN_READ_ONLY,
  type TokenAbility,
  UNAUTHENTICATED_MESSAGE,
} from '@adstudio/contract';
import type { FastifyRequest } from 'fastify';
import { actingThrough } from '../lib/current-user';
import { HttpError } from '../lib/http-errors';
import { parseJson } from '../lib/json';
import { MAX_ID } from '../lib/params';
import { nowIso } from '../lib/time';
import { safeEqual, sha256 } from '../lib/tokens';
import type { AccessTokensRepository } from '../modules/access-tokens';
import { toUser } from '../modules/users';

/** `Authorization: Bearer {id}|{secret}` (Sanctum's form); the secret is base64url. */
const BEARER = /^Bearer\s+([1-9][0-9]{0,9})\|([A-Za-z0-9_-]{20,200})\s*$/i;
/** `last_used_at` is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

/** What bearer authentication asks of the tokens: `app.services.bearerTokens` (services.ts). */
export type BearerTokens = Pick<AccessTokensRepository, 'findWithUser' | 'touch'>;

/** A write with a token needs its write ability: a read-only one is refused (403, naming it). */
export function assertWriteAbility(abilities: readonly TokenAbility[]) {
  if (!abilities.includes('write')) throw new HttpError(403, TOKEN_READ_ONLY);
}

/** The token a request was authenticated with. */
export interface RequestToken {
  id: number;
  name: string;
  abilities: readonly TokenAbility[];
}

/**
 * Bearer requests (docs/design.md §12): a personal access token stands for
 * its user — no cookie, so no XSRF header — within the user's permissions and the token's
 * abilities. A request with a bearer token and a session cookie is refused (400); an unknown,
 * expired or revoked token answers 401 `Unauthenticated.` (never 419, which a script would read as
 * "sign in again"); a read-only token's write answers 403.
 */
export function createBearerAuth(tokens: BearerTokens) {
  return {
    /**
     * Whether the request carries `Authorization: Bearer …` (well formed or not, empty included):
     * such a request is a script's, answered 401 or 403, never a session's 419.
     */
    carries: (request: FastifyRequest) => /^bearer(\s|$)/i.test(request.headers.authorization ?? ''),

    /** Authenticates the request's bearer token (see above); `writes` when the route changes state. */
    async authenticate(
      request: FastifyRequest,
      { hasCookie, writes }: { hasCookie: boolean; writes: boolean },
    ) {
      if (hasCookie) throw new HttpError(400, TOKEN_AND_COOKIE);
      const match = BEARER.exec(request.headers.authorization ?? '');
      const id = match ? Number(match[1]) : 0;
      // An id past the column's range names no token (PostgreSQL would refuse the query itself).
      const row = match && id <= MAX_ID ? await tokens.findWithUser(id) : undefined;
      if (
        !match ||
        !row ||
        !safeEqual(sha256(match[2]!), row.token_hash) ||
        Date.parse(row.expires_at) <= Date.now()
      )
        throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
      const abilities = parseJson<TokenAbility[]>(row.abilities, []);
      if (writes) assertWriteAbility(abilities);
      if (row.last_used_at === null || Date.parse(row.last_used_at) + TOUCH_EVERY_MS <= Date.now())
        await tokens.touch(row.token_id, nowIso());
      request.user = actingThrough(toUser(row), { id: row.token_id, name: row.token_name });
      request.accessToken = { id: row.token_id, name: row.token_name, abilities };
    },
  };
}
export type BearerAuth = ReturnType<typeof createBearerAuth>;
