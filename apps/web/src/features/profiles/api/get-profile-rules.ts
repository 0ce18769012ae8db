import {
  PROFILE_RULE_SORTS,
  type ProfileRuleListResponseSchema,
  ProfileRuleSchema,
} from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { profileKeys } from './keys';

type ProfileRuleListResponse = z.infer<typeof ProfileRuleListResponseSchema>;

/** GET /v1/profiles/{id}/rules with the list query (filter, sort, page, `ended=1`). */
export const getProfileRules = (id: number, query: ListQueryParams): Promise<ProfileRuleListResponse> =>
  getCollection(ProfileRuleSchema, api.get(`/v1/profiles/${id}/rules`, { params: query }));

/** The rules tab's URL: its sorts and `ended=1`, beside the page's `tab`. */
export const ruleListConfig: ListStateConfig<(typeof PROFILE_RULE_SORTS)[number]> = {
  sorts: PROFILE_RULE_SORTS,
  extras: { ended: /^1$/ },
  keep: ['tab'],
};

export const profileRulesQueryOptions = (id: number, query: ListQueryParams) =>
  queryOptions({ queryKey: profileKeys.rules(id, query), queryFn: () => getProfileRules(id, query) });

/** While the next page loads, the one shown stays. */
export const useProfileRules = (id: number, query: ListQueryParams, enabled = true) =>
  useQuery({
    ...profileRulesQueryOptions(id, query),
    enabled,
    placeholderData: (previous) => previous,
  });
