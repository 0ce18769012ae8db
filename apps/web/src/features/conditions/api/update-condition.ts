import { type Condition, ConditionSchema, type ConditionUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { conditionKeys } from './keys';

/** PUT /v1/conditions/{id} with the `updated_at` it was based on; 409 when it changed meanwhile. */
export const updateCondition = ({ id, body }: { id: number; body: ConditionUpdate }): Promise<Condition> =>
  getData(ConditionSchema, api.put(`/v1/conditions/${id}`, body));

/** The form shows its failures itself (inline conflict, field messages). */
export const useUpdateCondition = () =>
  useItemMutation(conditionKeys, updateCondition, { alertOnError: false });
