import { type Campaign, CampaignSchema, itemResponse } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = itemResponse(CampaignSchema);

/** GET /v1/campaigns/{id}; `history` adds the audit entries (newest first). */
export async function getCampaign(id: number, options: { history?: boolean } = {}): Promise<Campaign> {
  const response = await api.get(`/v1/campaigns/${id}`, {
    params: options.history ? { include: 'history' } : undefined,
  });
  return ResponseSchema.parse(response.data).data;
}

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });

export const useCampaign = (id: number, enabled = true) => useQuery({ ...campaignQueryOptions(id), enabled });
