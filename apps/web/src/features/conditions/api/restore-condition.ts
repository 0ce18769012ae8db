import { type Condition, ConditionSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { conditionKeys } from './keys';

/** POST /v1/conditions/{id}/restore → 200 the condition, back in the list. */
export const restoreCondition = (id: number): Promise<Condition> =>
  getData(ConditionSchema, api.post(`/v1/conditions/${id}/restore`));

export const useRestoreCondition = () => useItemMutation(conditionKeys, restoreCondition);
