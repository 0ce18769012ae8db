import { SearchPicker, type SearchPickerProps } from '../../../components/ui/search-picker';
import { useProfileOption } from '../api/get-profile-option';
import { useProfileOptions } from '../api/search-profiles';

/** Picks a profile (feed) by searching profiles by name (`GET /v1/profiles/?filter=…`); clearing it leaves none. */
export const ProfilePicker = (props: Omit<SearchPickerProps, 'label'> & { label?: string }) => (
  <SearchPicker
    useOptions={useProfileOptions}
    useSelected={useProfileOption}
    noun="profiles"
    label="Profile (feed)"
    {...props}
  />
);
