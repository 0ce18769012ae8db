import { CompanyAccessTokenSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { companyTokenKeys } from './company-token-keys';

/** GET /v1/tokens (admins) → every access token of the company with its user, newest first. */
export const companyTokens = wholeListQuery(
  { list: companyTokenKeys.company },
  CompanyAccessTokenSchema,
  '/v1/tokens',
);
export const useCompanyTokens = () => companyTokens.useList();
