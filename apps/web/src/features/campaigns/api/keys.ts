import type { ListQueryParams } from '../../../lib/list-query';

/** Query keys of the campaigns section; mutations invalidate `lists()`. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (query: ListQueryParams) => ['campaigns', 'list', query] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
  history: (id: number) => ['campaigns', 'detail', id, 'history'] as const,
  creatives: (id: number) => ['campaigns', 'detail', id, 'creatives'] as const,
  approvals: (id: number) => ['campaigns', 'detail', id, 'approvals'] as const,
  reportLinks: (id: number) => ['campaigns', 'detail', id, 'report-links'] as const,
};
