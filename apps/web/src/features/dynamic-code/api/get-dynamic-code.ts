import { type DynamicCode, DynamicCodeSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { dynamicCodeKeys } from './keys';

/** GET /v1/creatives/{id}/dynamic-code → the code (null with a message when the creative has no profile or rows). */
export const getDynamicCode = (creativeId: number): Promise<DynamicCode> =>
  getData(DynamicCodeSchema, api.get(`/v1/creatives/${creativeId}/dynamic-code`));

export const dynamicCodeQueryOptions = (creativeId: number) =>
  queryOptions({ queryKey: dynamicCodeKeys.detail(creativeId), queryFn: () => getDynamicCode(creativeId) });

export const useDynamicCode = (creativeId: number) => useQuery(dynamicCodeQueryOptions(creativeId));
