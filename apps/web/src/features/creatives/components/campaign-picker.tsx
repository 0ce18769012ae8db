import { SearchPicker, type SearchPickerProps } from '../../../components/ui/search-picker';
import { campaignSearch } from './campaign-search';

/** Picks a campaign by searching campaigns by name. */
export const CampaignPicker = (props: Omit<SearchPickerProps, 'label'> & { label?: string }) => (
  <SearchPicker {...campaignSearch} {...props} />
);
