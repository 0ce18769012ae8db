import { type PublisherApprovals, PublisherApprovalsSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { publisherApprovalKeys } from './keys';

/**
 * GET /v1/creatives/publisherapproval/{token}/approvals (`status=all` for the decided ones too): no
 * session, the token is the credential; 404 unknown, 410 revoked or expired.
 */
export const getPublisherApprovals = (token: string, all: boolean): Promise<PublisherApprovals> =>
  getData(
    PublisherApprovalsSchema,
    api.get(`/v1/creatives/publisherapproval/${encodeURIComponent(token)}/approvals`, {
      params: { status: all ? 'all' : undefined },
    }),
  );

export const publisherApprovalsQueryOptions = (token: string, all: boolean) =>
  queryOptions({
    queryKey: publisherApprovalKeys.list(token, all),
    queryFn: () => getPublisherApprovals(token, all),
    // Each read is logged as a view of the link, and the render URLs last an hour.
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    // 404 and 410 are answers, not failures worth repeating.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && [404, 410].includes(error.response?.status ?? 0)),
  });

export const usePublisherApprovals = (token: string, all: boolean) =>
  useQuery(publisherApprovalsQueryOptions(token, all));
