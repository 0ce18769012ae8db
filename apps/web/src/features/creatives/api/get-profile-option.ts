import { ProfileSchema } from '@adstudio/contract';
import { itemOption } from './picker-queries';

/** GET /v1/profiles/{id} → the creative's profile: its name for the picker, its columns for the rule filter. */
export const profileOption = itemOption('profiles', ProfileSchema);

export const useProfileOption = profileOption.useOption;
