import { CampaignApprovalSchema } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { wholeListQuery } from '../../../lib/list-api';

/**
 * How often a campaign's approvals are asked again while a publisher may still decide: decisions
 * come from outside the app (the publishers' token pages). TanStack Query skips the interval while
 * the browser tab is hidden.
 */
export const DECISIONS_POLL_MS = 30_000;

/** GET /v1/campaigns/{id}/approvals; polled while one is pending, and asked again on coming back to the window. */
const campaignApprovals = (id: number) =>
  wholeListQuery(
    { list: () => campaignKeys.approvals(id) },
    CampaignApprovalSchema,
    `/v1/campaigns/${id}/approvals`,
    {
      refetchInterval: (list) =>
        list?.some((approval) => approval.status === 'pending') ? DECISIONS_POLL_MS : false,
      refetchOnWindowFocus: true,
      // Coming back from deciding in another tab takes seconds: a list that old is already stale
      // (the app's default of 30 s would skip that refetch).
      staleTime: 0,
    },
  );

export const campaignApprovalsQueryOptions = (id: number) => campaignApprovals(id).queryOptions();

export const useCampaignApprovals = (id: number) => campaignApprovals(id).useList();
