import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of the publishers (media entities); a campaign's publisher picker may read the same list. */
export const mediaEntityKeys = resourceKeys('media-entities');
