import { type CampaignApproval, CampaignApprovalSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(CampaignApprovalSchema) });

/** GET /v1/campaigns/{id}/approvals. */
export async function getCampaignApprovals(id: number): Promise<CampaignApproval[]> {
  return ResponseSchema.parse((await api.get(`/v1/campaigns/${id}/approvals`)).data).data;
}

export const campaignApprovalsQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.approvals(id), queryFn: () => getCampaignApprovals(id) });

export const useCampaignApprovals = (id: number) => useQuery(campaignApprovalsQueryOptions(id));
