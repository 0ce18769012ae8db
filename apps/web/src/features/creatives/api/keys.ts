import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of the creatives section; mutations invalidate `lists()`. */
export const creativeKeys = resourceKeys('creatives');
