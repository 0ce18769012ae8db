/** Query keys of a creative's ad tags; creating and revoking refresh `list(creativeId)`. */
export const adTagKeys = {
  all: ['ad-tags'] as const,
  list: (creativeId: number) => ['ad-tags', 'list', creativeId] as const,
};
