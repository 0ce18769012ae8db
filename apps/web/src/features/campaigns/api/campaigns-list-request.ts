import type { ListRequest } from '../../../lib/prefetch-list';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/ as the route loader starts it (lib/prefetch-list.ts): free of schemas. */
export const campaignsListRequest: ListRequest = {
  section: 'campaigns',
  path: '/v1/campaigns/',
  listKey: campaignKeys.list,
};
