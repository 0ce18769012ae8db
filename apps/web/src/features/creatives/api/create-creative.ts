import { type Creative, type CreativeCreate, CreativeSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** POST /v1/creatives → 201 {data}, a draft. */
export const createCreative = (body: CreativeCreate): Promise<Creative> =>
  getData(CreativeSchema, api.post('/v1/creatives', body));

export const useCreateCreative = () => useItemMutation(creativeKeys, createCreative);
