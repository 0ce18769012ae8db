import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of a creative's packages; uploads and reviews refresh `list(creativeId)`. */
export const packageKeys = {
  all: ['packages'] as const,
  list: (creativeId: number) => ['packages', 'list', creativeId] as const,
};

/** The assets' keys, so that a package's unpacking refreshes them. */
export const assetKeys = resourceKeys('assets');
