import { AccessTokenSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { accessTokenKeys } from './access-token-keys';

/** GET /v1/user/tokens → my tokens, newest first, without their secrets (expired ones too). */
export const accessTokens = wholeListQuery(
  { list: accessTokenKeys.mine },
  AccessTokenSchema,
  '/v1/user/tokens',
);
export const useAccessTokens = () => accessTokens.useList();
