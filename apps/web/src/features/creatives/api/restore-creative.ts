import { type Creative, CreativeSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** POST /v1/creatives/{id}/restore → 200 the creative, back in the list. */
export const restoreCreative = (id: number): Promise<Creative> =>
  getData(CreativeSchema, api.post(`/v1/creatives/${id}/restore`));

export const useRestoreCreative = () => useItemMutation(creativeKeys, restoreCreative);
