import type { ListQueryParams } from '../../../lib/list-query';
import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of the assets section; its writes invalidate `lists()`, the campaigns overview with them. */
export const assetKeys = {
  ...resourceKeys('assets'),
  /** GET /v1/assets/campaigns: the overview by campaign. */
  campaigns: (query: ListQueryParams) => ['assets', 'list', 'campaigns', query] as const,
  /**
   * GET /v1/creatives/{id}/{ruleId}/processing-assets: one rule's items. Not under `lists()`: asset
   * writes do not change them, and every read queues the server's jobs.
   */
  processing: (creativeId: number, ruleId: number) => ['assets', 'processing', creativeId, ruleId] as const,
  /** GET /v1/profiles/{id}/rules as the rule-assets picker asks it. */
  ruleOptions: (profileId: number, query: ListQueryParams) =>
    ['assets', 'rule-options', profileId, query] as const,
};
