import { type CampaignCreative, CampaignCreativeSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(CampaignCreativeSchema) });

/** GET /v1/campaigns/{id}/creatives. */
export async function getCampaignCreatives(id: number): Promise<CampaignCreative[]> {
  return ResponseSchema.parse((await api.get(`/v1/campaigns/${id}/creatives`)).data).data;
}

export const campaignCreativesQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.creatives(id), queryFn: () => getCampaignCreatives(id) });

export const useCampaignCreatives = (id: number) => useQuery(campaignCreativesQueryOptions(id));
