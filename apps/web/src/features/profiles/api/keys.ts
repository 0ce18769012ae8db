import type { ListQueryParams } from '../../../lib/list-query';
import { resourceKeys } from '../../../lib/resource-keys';

const keys = resourceKeys('profiles');

/** Query keys of the profiles section; mutations invalidate `lists()`. */
export const profileKeys = {
  ...keys,
  syncs: (id: number) => keys.related(id, 'syncs'),
  /** Everything the last sync wrote: its issues and the rules (refreshed when a sync ends). */
  errors: (id: number, filter: ListQueryParams) => [...keys.related(id, 'errors'), filter] as const,
  rules: (id: number, query: ListQueryParams) => [...keys.related(id, 'rules'), query] as const,
  rule: (ruleId: number) => ['profiles', 'rule', ruleId] as const,
};
