import { DeferredSearchPicker } from '../../../components/ui/deferred-search-picker';
import type { SearchPickerProps } from '../../../components/ui/search-picker';
import { useCampaignOption } from '../api/get-campaign-option';
import { useCampaignOptions } from '../api/search-campaigns';

/** The creatives list's campaign filter: the CampaignPicker, its Autocomplete loaded on first use. */
export const CampaignFilterPicker = (props: Omit<SearchPickerProps, 'label'>) => (
  <DeferredSearchPicker
    useOptions={useCampaignOptions}
    useSelected={useCampaignOption}
    noun="campaigns"
    label="Campaign"
    {...props}
  />
);
