import { type ProfileRuleDetail, ProfileRuleDetailSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys } from '../../../api/profiles';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** GET /v1/profile-rules/{id} → the rule with its profile, conditions and the creatives that serve it. */
export const getProfileRule = (id: number): Promise<ProfileRuleDetail> =>
  getData(ProfileRuleDetailSchema, api.get(`/v1/profile-rules/${id}`));

export const profileRuleQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileKeys.rule(id), queryFn: () => getProfileRule(id) });

export const useProfileRule = (id: number) => useQuery(profileRuleQueryOptions(id));
