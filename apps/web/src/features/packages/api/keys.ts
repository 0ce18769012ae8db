import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of a creative's packages; uploads and reviews refresh `list(creativeId)`. */
export const packageKeys = {
  all: ['packages'] as const,
  list: (creativeId: number) => ['packages', 'list', creativeId] as const,
};

/** Other sections' keys, so their writes refresh what this slice shows of them. */
export const creativeKeys = resourceKeys('creatives');
export const assetKeys = resourceKeys('assets');
