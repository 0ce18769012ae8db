import { type Condition, ConditionSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { conditionKeys } from './keys';

/** GET /v1/conditions/{id} → the condition with where it is used. */
export const getCondition = (id: number): Promise<Condition> =>
  getData(ConditionSchema, api.get(`/v1/conditions/${id}`));

export const conditionQueryOptions = (id: number) =>
  queryOptions({ queryKey: conditionKeys.detail(id), queryFn: () => getCondition(id) });

export const useCondition = (id: number, enabled = true) =>
  useQuery({ ...conditionQueryOptions(id), enabled });
