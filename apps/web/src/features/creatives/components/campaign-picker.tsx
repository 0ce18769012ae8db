import { SearchPicker, type SearchPickerProps } from '../../../components/ui/search-picker';
import { useCampaignOption } from '../api/get-campaign-option';
import { useCampaignOptions } from '../api/search-campaigns';

/** Picks a campaign by searching campaigns by name (`GET /v1/campaigns?filter=…`). */
export const CampaignPicker = (props: Omit<SearchPickerProps, 'label'> & { label?: string }) => (
  <SearchPicker
    useOptions={useCampaignOptions}
    useSelected={useCampaignOption}
    noun="campaigns"
    label="Campaign"
    {...props}
  />
);
