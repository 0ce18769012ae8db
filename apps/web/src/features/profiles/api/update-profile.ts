import { type Profile, ProfileSchema, type ProfileUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { profileKeys } from './keys';

/**
 * PUT /v1/profiles/{id}; 422 {message, errors}. Carries the `updated_at` it was based on and
 * answers 409 when the profile changed meanwhile.
 */
export const updateProfile = ({ id, body }: { id: number; body: ProfileUpdate }): Promise<Profile> =>
  getData(ProfileSchema, api.put(`/v1/profiles/${id}`, body));

/** The form shows its failures itself (inline conflict, field messages). */
export const useUpdateProfile = () => useItemMutation(profileKeys, updateProfile, { alertOnError: false });
