import { resourceKeys } from '../../../lib/resource-keys';

const keys = resourceKeys('campaigns');

/** Query keys of the campaigns section; mutations invalidate `lists()`. */
export const campaignKeys = {
  ...keys,
  approvals: (id: number) => keys.related(id, 'approvals'),
  reportLinks: (id: number) => keys.related(id, 'report-links'),
};
