import { CONDITION_SORTS, ConditionSchema, type ConditionSort } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import type { ListStateConfig } from '../../../lib/list-state';
import { conditionKeys } from './keys';

/** GET /v1/conditions/ with the list query (plus `deleted=1`) → {data, links, meta}. */
export const conditions = listQuery(conditionKeys, ConditionSchema, '/v1/conditions/', {
  placeholder: 'latest',
});
export const useConditions = conditions.useList;

/** The list's URL: its sort columns; conditions have no status. */
export const conditionListConfig: ListStateConfig<ConditionSort> = { sorts: CONDITION_SORTS, statuses: [] };
