import { profilesApi } from '../../../api/profiles';
import { itemOption } from './picker-queries';

/** GET /v1/profiles/{id} → the creative's profile: its name for the picker, its columns for the rule filter. */
export const profileOption = itemOption(profilesApi);

export const useProfileOption = profileOption.useOption;
