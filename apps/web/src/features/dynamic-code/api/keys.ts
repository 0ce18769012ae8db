/** Query keys of a creative's dynamic code; its writes answer the new state, which replaces the cached one. */
export const dynamicCodeKeys = {
  all: ['dynamic-code'] as const,
  detail: (creativeId: number) => ['dynamic-code', creativeId] as const,
};
