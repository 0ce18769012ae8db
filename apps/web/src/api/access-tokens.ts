import {
  type AccessTokenCreateInput,
  AccessTokenSchema,
  CompanyAccessTokenSchema,
  type NewAccessToken,
  NewAccessTokenSchema,
  type RevokedTokens,
  RevokedTokensSchema,
} from '@adstudio/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { getData } from '../lib/get-data';
import { useInvalidatingMutation } from '../lib/invalidating-mutation';
import { wholeListQuery } from '../lib/list-api';

/**
 * The access tokens' query keys, the one declaration of them. My Account lists mine and Settings
 * the company's, under the same `all` prefix; every write invalidates `all`: a token made or
 * revoked on one side is fresh on the other.
 */
export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  mine: () => ['access-tokens', 'mine'] as const,
  company: () => ['access-tokens', 'company'] as const,
};
const invalidatesAll = () => [accessTokenKeys.all];

/** Tokens listed whole at `path`, newest first and without their secrets; DELETE path/{id} → 204 revokes one (401 from then on). */
function tokenCollection<S extends z.ZodType>(path: string, key: () => QueryKey, schema: S) {
  const list = wholeListQuery({ list: key }, schema, path);
  const revoke = async (id: number): Promise<void> => {
    await api.delete(`${path}/${id}`);
  };
  return {
    path,
    useList: () => list.useList(),
    revoke,
    useRevoke: () => useInvalidatingMutation(revoke, invalidatesAll),
  };
}

/** /v1/user/tokens: my tokens (expired ones too). */
export const myTokensApi = tokenCollection('/v1/user/tokens', accessTokenKeys.mine, AccessTokenSchema);

/** /v1/tokens (admins): every token of the company with its user. */
export const companyTokensApi = tokenCollection(
  '/v1/tokens',
  accessTokenKeys.company,
  CompanyAccessTokenSchema,
);

/**
 * POST /v1/user/tokens {name, abilities, expires_at?} → 201 the token with `token`, its secret
 * `{id}|{secret}`, answered this once; 422 {message, errors} (TOKENS_TOO_MANY without errors).
 */
export const createAccessToken = (body: AccessTokenCreateInput): Promise<NewAccessToken> =>
  getData(NewAccessTokenSchema, api.post(myTokensApi.path, body));

/**
 * The answer holds the secret: the cache forgets it as soon as the dialog that asked is gone. The
 * dialog shows its failures on its fields.
 */
export const useCreateAccessToken = () =>
  useInvalidatingMutation(createAccessToken, invalidatesAll, { alertOnError: false, gcTime: 0 });

/** DELETE /v1/user/tokens → 200 {revoked}: every token of mine answers 401 from then on. */
export const revokeAllAccessTokens = (): Promise<RevokedTokens> =>
  getData(RevokedTokensSchema, api.delete(myTokensApi.path));

export const useRevokeAllAccessTokens = () => useInvalidatingMutation(revokeAllAccessTokens, invalidatesAll);
