import { type Creative, RuleIdsSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creativeKeys } from '../../../api/creative-keys';
import { api } from '../../../lib/api-client';

/** GET /v1/creatives/{id}/profiles/{profileId}/rules/ids → the active rules it serves with its saved filter. */
export const getServedRuleIds = async (id: number, profileId: number): Promise<number[]> =>
  RuleIdsSchema.parse((await api.get(`/v1/creatives/${id}/profiles/${profileId}/rules/ids`)).data).data;

/** Keyed by the saved profile and filter, so a save that changes them asks again. */
export const servedRuleIdsQueryOptions = ({ id, profile_id, rule_filter }: Creative) =>
  queryOptions({
    queryKey: [...creativeKeys.related(id, 'served-rules'), profile_id, rule_filter] as const,
    queryFn: () => getServedRuleIds(id, profile_id ?? 0),
  });

export const useServedRuleIds = (creative: Creative) =>
  useQuery({ ...servedRuleIdsQueryOptions(creative), enabled: creative.profile_id !== null });
