import { type Creative, CreativeSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { creativeKeys } from './keys';

/** GET /v1/creatives/{id}, cached where the creatives section keeps it: a backup image set here shows there. */
export const getCreative = (id: number): Promise<Creative> =>
  getData(CreativeSchema, api.get(`/v1/creatives/${id}`));

export const creativeQueryOptions = (id: number) =>
  queryOptions({ queryKey: creativeKeys.detail(id), queryFn: () => getCreative(id) });

export const useCreative = (id: number, enabled = true) => useQuery({ ...creativeQueryOptions(id), enabled });
