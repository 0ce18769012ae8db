import { ProfileRuleSchema } from '@adstudio/contract';
import { assetKeys } from '../../../api/assets';
import { listQuery } from '../../../lib/list-api';
import type { ListQueryParams } from '../../../lib/list-query';

/**
 * GET /v1/profiles/{id}/rules: the rules the rule-assets picker offers (`filter` matches their text);
 * while the next answer loads, the one shown stays.
 */
const ruleOptions = (profileId: number) =>
  listQuery(
    { list: (query) => assetKeys.ruleOptions(profileId, query) },
    ProfileRuleSchema,
    `/v1/profiles/${profileId}/rules`,
    { placeholder: 'previous' },
  );

export const ruleOptionsQueryOptions = (profileId: number, query: ListQueryParams) =>
  ruleOptions(profileId).queryOptions(query);

export const useRuleOptions = (profileId: number, query: ListQueryParams, enabled = true) =>
  ruleOptions(profileId).useList(query, enabled);
