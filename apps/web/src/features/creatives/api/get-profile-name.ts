import { queryOptions, useQuery } from '@tanstack/react-query';
import { creativeKeys } from '../../../api/creative-keys';
import { getDynamicCode } from '../../../api/dynamic-code';

/**
 * GET /v1/creatives/{id}/dynamic-code → the name of the creative's profile. The one place a user who
 * may edit creatives but not read profiles learns it (the endpoint needs only creatives).
 */
export const getProfileName = async (creativeId: number): Promise<string | null> =>
  (await getDynamicCode(creativeId)).profile?.name ?? null;

export const profileNameQueryOptions = (creativeId: number, profileId: number) =>
  queryOptions({
    queryKey: [...creativeKeys.related(creativeId, 'profile-name'), profileId] as const,
    queryFn: () => getProfileName(creativeId),
  });

export const useProfileName = (creativeId: number | undefined, profileId: number | null | undefined) =>
  useQuery({
    ...profileNameQueryOptions(creativeId ?? 0, profileId ?? 0),
    enabled: Boolean(creativeId && profileId),
  });
