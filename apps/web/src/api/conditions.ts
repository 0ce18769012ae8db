import {
  CONDITION_SORTS,
  type Condition,
  type ConditionCreate,
  ConditionSchema,
  type ConditionSort,
  type ConditionUpdate,
} from '@adstudio/contract';
import type { ListStateConfig } from '../lib/list-state';
import { resourceApi } from '../lib/resource-api';
import { resourceKeys } from '../lib/resource-keys';

/**
 * /v1/conditions: the list (plus `deleted=1`), an item with where it is used, create and PUT (422
 * keyed like `predicates.0.value`; 409 when the `updated_at` it was based on is stale), delete (soft;
 * 422 naming the profiles whose rules use it) and restore. The forms and the delete dialog show
 * their failures themselves. Its writes make profiles stale (their `fixable_rows`).
 */
export const conditionsApi = resourceApi<Condition, { create: ConditionCreate; update: ConditionUpdate }>(
  '/v1/conditions',
  {
    item: ConditionSchema,
    list: { placeholder: 'latest' },
    quiet: ['create', 'update', 'remove'],
    // A condition's name decides which of a feed's rejected rows a sync would now take in.
    // Profiles' keys as such, not api/profiles.ts: the conditions page ships none of the profiles' code.
    affects: [resourceKeys('profiles').all],
  },
);

/** The list's URL: its sort columns; conditions have no status. */
export const conditionListConfig: ListStateConfig<ConditionSort> = { sorts: CONDITION_SORTS, statuses: [] };
