import { type Profile, ProfileSchema } from '@adstudio/contract';
import { profileKeys } from '../../../api/profiles';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';

/**
 * GET /v1/profiles/{id}/sync (`confirm=1` accepts a drop of active rows) → the profile, `syncing`;
 * 409 {message} while one runs. A state-changing GET: the client sends the XSRF header.
 */
export const syncProfile = ({ id, confirm = false }: { id: number; confirm?: boolean }): Promise<Profile> =>
  getData(
    ProfileSchema,
    api.get(`/v1/profiles/${id}/sync`, { params: confirm ? { confirm: 1 } : undefined }),
  );

/** The page says why a sync could not start (spec section 8's alert, the overview on a 404). */
export const useSyncProfile = () => useItemMutation(profileKeys, syncProfile, { alertOnError: false });
