/** The list query of spec sections 3 and 5, as the client keeps it. */
export interface ListOptions {
  page?: number;
  sortBy?: string | null;
  /** Only an explicit true or false adds a sort order. */
  sortDesc?: boolean | null;
  date?: string | null;
  filter?: string | null;
  /** -1 means all items. */
  itemsPerPage?: number;
}

/** The query of a list request; lists add their own keys (`status`, `deleted`, `campaign_id`, …). */
export type ListQueryParams = Record<string, string | number>;

export const ALL_ITEMS = -1;

export function buildListQuery(options: ListOptions): ListQueryParams {
  const params: ListQueryParams = {};
  if (options.page !== undefined) params.page = Math.max(1, Math.trunc(options.page));
  if (options.sortBy) params['sort-by'] = options.sortBy;
  if (options.sortDesc === true) params['sort-order'] = 'desc';
  else if (options.sortDesc === false) params['sort-order'] = 'asc';
  if (options.date) params.date = options.date;
  const filter = options.filter?.trim();
  if (filter) params.filter = filter;
  if (options.itemsPerPage !== undefined) {
    params['items-per-page'] = options.itemsPerPage === ALL_ITEMS ? ALL_ITEMS : options.itemsPerPage;
  }
  return params;
}

/** How many rows a page holds: -1 (all) resolves to the total. */
export const pageSize = (itemsPerPage: number, total: number): number =>
  itemsPerPage === ALL_ITEMS ? total : itemsPerPage;
