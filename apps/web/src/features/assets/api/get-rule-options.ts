import { ProfileRuleSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import type { ListQueryParams } from '../../../lib/list-query';
import { assetKeys } from './keys';

/** GET /v1/profiles/{id}/rules: the rules the rule-assets picker offers (`filter` matches their text). */
export const ruleOptionsQueryOptions = (profileId: number, query: ListQueryParams) =>
  queryOptions({
    queryKey: assetKeys.ruleOptions(profileId, query),
    queryFn: () =>
      getCollection(ProfileRuleSchema, api.get(`/v1/profiles/${profileId}/rules`, { params: query })),
  });

/** While the next answer loads, the one shown stays. */
export const useRuleOptions = (profileId: number, query: ListQueryParams, enabled = true) =>
  useQuery({
    ...ruleOptionsQueryOptions(profileId, query),
    enabled,
    placeholderData: (previous) => previous,
  });
