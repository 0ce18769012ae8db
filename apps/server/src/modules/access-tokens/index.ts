/**
 * Personal access tokens: the service's type (its routes are the only other user), and the
 * repository's, of which the session plugin verifies bearer requests (plugins/access-token-auth.ts).
 */
export type { AccessTokensRepository } from './access-tokens.repository';
export type { AccessTokensService } from './access-tokens.service';
