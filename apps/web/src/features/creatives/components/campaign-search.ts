import { useCampaignOption } from '../api/get-campaign-option';
import { useCampaignOptions } from '../api/search-campaigns';

/** What a campaign picker searches: campaigns by name (`GET /v1/campaigns?filter=…`), the chosen one by id. */
export const campaignSearch = {
  useOptions: useCampaignOptions,
  useSelected: useCampaignOption,
  noun: 'campaigns',
  label: 'Campaign',
};
