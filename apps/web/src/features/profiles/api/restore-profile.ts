import { type Profile, ProfileSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { profileKeys } from './keys';

/** POST /v1/profiles/{id}/restore → 200 the profile, back in the list. */
export const restoreProfile = (id: number): Promise<Profile> =>
  getData(ProfileSchema, api.post(`/v1/profiles/${id}/restore`));

export const useRestoreProfile = () => useItemMutation(profileKeys, restoreProfile);
