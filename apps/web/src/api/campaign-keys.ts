import type { ListRequest } from '../lib/prefetch-list';
import { resourceKeys } from '../lib/resource-keys';

const keys = resourceKeys('campaigns');

/**
 * The campaigns' query keys, the one declaration of them: here, free of schemas, because the route
 * loader reads them in the first-load chunk. Writes invalidate `lists()`.
 */
export const campaignKeys = {
  ...keys,
  approvals: (id: number) => keys.related(id, 'approvals'),
  approvalLinks: (id: number) => keys.related(id, 'approval-links'),
  reportLinks: (id: number) => keys.related(id, 'report-links'),
};

/** GET /v1/campaigns/ as the route loader starts it (lib/prefetch-list.ts). */
export const campaignsListRequest: ListRequest = {
  section: 'campaigns',
  path: '/v1/campaigns/',
  listKey: campaignKeys.list,
};
