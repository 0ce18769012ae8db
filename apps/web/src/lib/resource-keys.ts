import type { ListQueryParams } from './list-query';

/**
 * Query keys of one section (`resourceKeys('creatives')`); mutations invalidate `lists()`. A section
 * may read another's list through the same keys, so that section's writes refresh it too.
 */
export function resourceKeys<const N extends string>(name: N) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (query: ListQueryParams) => [name, 'list', query] as const,
    detail: (id: number) => [name, 'detail', id] as const,
    history: (id: number) => [name, 'detail', id, 'history'] as const,
    /** Something of one item that has its own request (`approvals`, `report-links`). */
    related: <const W extends string>(id: number, what: W) => [name, 'detail', id, what] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys<string>>;
