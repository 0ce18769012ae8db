import { type Condition, type ConditionCreate, ConditionSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { conditionKeys } from './keys';

/** POST /v1/conditions → 201 {data}; 422 {message, errors} keyed like `predicates.0.value`. */
export const createCondition = (body: ConditionCreate): Promise<Condition> =>
  getData(ConditionSchema, api.post('/v1/conditions', body));

/** The form puts a 422 on its fields itself. */
export const useCreateCondition = () =>
  useItemMutation(conditionKeys, createCondition, { alertOnError: false });
