import { type Creative, CreativeSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** POST /v1/creatives/{id}/clone → 201, a draft named "… (copy)" in the same campaign. */
export const cloneCreative = (id: number): Promise<Creative> =>
  getData(CreativeSchema, api.post(`/v1/creatives/${id}/clone`));

export const useCloneCreative = () => useItemMutation(creativeKeys, cloneCreative);
