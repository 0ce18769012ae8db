import { ProfileSchema } from '@adstudio/contract';
import { searchOptions } from './picker-queries';

/** GET /v1/profiles/?filter=… → the first profiles (feeds) by name whose name matches, to pick one. */
export const profileOptions = searchOptions('profiles', ProfileSchema);

export const useProfileOptions = profileOptions.useOptions;
