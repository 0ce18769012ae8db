import { DeferredSearchPicker } from '../../../components/ui/deferred-search-picker';
import type { SearchPickerProps } from '../../../components/ui/search-picker';
import { campaignSearch } from './campaign-search';

/** The creatives list's campaign filter: the CampaignPicker, its Autocomplete loaded on first use. */
export const CampaignFilterPicker = (props: Omit<SearchPickerProps, 'label'>) => (
  <DeferredSearchPicker {...campaignSearch} {...props} />
);
