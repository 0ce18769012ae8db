import { type Campaign, CampaignSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/{id}; `history` adds the audit entries (newest first). */
export const getCampaign = (id: number, options: { history?: boolean } = {}): Promise<Campaign> =>
  getData(
    CampaignSchema,
    api.get(`/v1/campaigns/${id}`, { params: options.history ? { include: 'history' } : undefined }),
  );

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });

export const useCampaign = (id: number, enabled = true) => useQuery({ ...campaignQueryOptions(id), enabled });
