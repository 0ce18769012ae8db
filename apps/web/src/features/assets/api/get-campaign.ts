import { CampaignSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

export interface CampaignHeading {
  id: number;
  name: string;
}

/** GET /v1/campaigns/{id} → what the campaign's assets page shows of it (a rename there refreshes it). */
export const getCampaignHeading = async (id: number): Promise<CampaignHeading> => {
  const { name } = await getData(CampaignSchema, api.get(`/v1/campaigns/${id}`));
  return { id, name };
};

export const campaignHeadingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignKeys.detail(id), 'heading'] as const,
    queryFn: () => getCampaignHeading(id),
  });

export const useCampaignHeading = (id: number, enabled = true) =>
  useQuery({ ...campaignHeadingQueryOptions(id), enabled });
