import { PROFILE_RULE_SORTS, ProfileRuleSchema } from '@adstudio/contract';
import { profileKeys } from '../../../api/profiles';
import { listQuery } from '../../../lib/list-api';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';

/** GET /v1/profiles/{id}/rules with the list query (filter, sort, page, `ended=1`); the page shown stays while the next loads. */
const profileRules = (id: number) =>
  listQuery(
    { list: (query) => profileKeys.rules(id, query) },
    ProfileRuleSchema,
    `/v1/profiles/${id}/rules`,
    { placeholder: 'previous' },
  );

export const useProfileRules = (id: number, query: ListQueryParams, enabled = true) =>
  profileRules(id).useList(query, enabled);

/** The rules tab's URL: its sorts and `ended=1`, beside the page's `tab`. */
export const ruleListConfig: ListStateConfig<(typeof PROFILE_RULE_SORTS)[number]> = {
  sorts: PROFILE_RULE_SORTS,
  extras: { ended: /^1$/ },
  keep: ['tab'],
};
