/** Personal access tokens: the service's type (its routes are the only other user). */
export type { AccessTokensService } from './access-tokens.service';
