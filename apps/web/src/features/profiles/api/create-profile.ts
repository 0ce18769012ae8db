import { type Profile, type ProfileCreate, ProfileSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { profileKeys } from './keys';

/** POST /v1/profiles → 201 {data}, already `syncing`: the first sync starts at once. */
export const createProfile = (body: ProfileCreate): Promise<Profile> =>
  getData(ProfileSchema, api.post('/v1/profiles', body));

export const useCreateProfile = () => useItemMutation(profileKeys, createProfile);
