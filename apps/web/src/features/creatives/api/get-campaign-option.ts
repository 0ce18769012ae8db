import { CampaignSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickerOption } from '../../../components/ui/search-picker';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { resourceKeys } from '../../../lib/resource-keys';

/** The campaigns section's keys: a rename there refreshes the name shown here. */
const campaignKeys = resourceKeys('campaigns');

/** GET /v1/campaigns/{id} → the campaign a creative belongs to (or is being made for), by name. */
export const getCampaignOption = async (id: number): Promise<PickerOption> => {
  const { name } = await getData(CampaignSchema, api.get(`/v1/campaigns/${id}`));
  return { id, name };
};

export const campaignOptionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...campaignKeys.detail(id), 'option'] as const,
    queryFn: () => getCampaignOption(id),
  });

export const useCampaignOption = (id: number | null | undefined) =>
  useQuery({ ...campaignOptionQueryOptions(id ?? 0), enabled: Boolean(id) });
