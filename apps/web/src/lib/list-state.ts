import { STATUSES } from '@adstudio/contract';
import { ALL_ITEMS, buildListQuery, type ListQueryParams } from './list-query';

/** Rows per page a list offers; -1 is 'All'. */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100, ALL_ITEMS] as const;
export const FALLBACK_PAGE_SIZE = 25;

export type SortOrder = 'asc' | 'desc';

/** A list's state, as kept in the URL's search params (spec sections 3 and 5, docs/design.md §4). */
export interface ListState<S extends string = string> {
  /** 1-based. */
  page: number;
  sortBy: S | null;
  sortOrder: SortOrder | null;
  filter: string;
  /** YYYY-MM-DD. */
  date: string | null;
  /** null: the user's default. */
  itemsPerPage: number | null;
  /** `status=a,b`, each one of the list's statuses (`ListStateConfig.statuses`); empty: every status. */
  status: string[];
  /** `deleted=1`: only deleted items, to restore them. */
  deleted: boolean;
  /** The list's own filters (e.g. `campaign_id`, `size`), each valid or absent. */
  extra: Readonly<Record<string, string>>;
}

/** What makes one list's state its own: its sort columns and extra filters with their rules. */
export interface ListStateConfig<S extends string = string> {
  sorts: readonly S[];
  extras?: Readonly<Record<string, RegExp>>;
  /** The statuses its items have, in the order the URL names them; the campaign / creative ones by default. */
  statuses?: readonly string[];
  /** URL parameters the page keeps beside the list's (e.g. its `tab`), untouched by the list's changes. */
  keep?: readonly string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the state from the URL; anything malformed falls back to its default. */
export function parseListState<S extends string>(
  params: URLSearchParams,
  config: ListStateConfig<S>,
): ListState<S> {
  const page = Number(params.get('page'));
  const sortBy = params.get('sort-by');
  const sortOrder = params.get('sort-order');
  const date = params.get('date');
  const perPage = Number(params.get('items-per-page'));
  const status = (params.get('status') ?? '').split(',').map((part) => part.trim());
  const extra: Record<string, string> = {};
  for (const [key, rule] of Object.entries(config.extras ?? {})) {
    const value = params.get(key)?.trim();
    if (value && rule.test(value)) extra[key] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sortBy: sortBy !== null && (config.sorts as readonly string[]).includes(sortBy) ? (sortBy as S) : null,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : null,
    filter: params.get('filter')?.trim() ?? '',
    date: date && ISO_DATE.test(date) ? date : null,
    itemsPerPage:
      params.has('items-per-page') && (PAGE_SIZE_CHOICES as readonly number[]).includes(perPage)
        ? perPage
        : null,
    // In the table's order, once each, so one filter has one URL.
    status: (config.statuses ?? STATUSES).filter((value) => status.includes(value)),
    deleted: params.get('deleted') === '1',
    extra,
  };
}

/** `status=a,b` in the order of the status table, so one filter has one URL. */
const statusParam = (status: readonly string[], statuses: readonly string[]) =>
  statuses.filter((value) => status.includes(value)).join(',');

/** Writes the state back, leaving out what is at its default so URLs stay short. */
export function toSearchParams(state: ListState, statuses: readonly string[] = STATUSES): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sortBy) params.set('sort-by', state.sortBy);
  if (state.sortBy && state.sortOrder) params.set('sort-order', state.sortOrder);
  const filter = state.filter.trim();
  if (filter) params.set('filter', filter);
  if (state.date) params.set('date', state.date);
  if (state.itemsPerPage !== null) params.set('items-per-page', String(state.itemsPerPage));
  if (state.status.length) params.set('status', statusParam(state.status, statuses));
  if (state.deleted) params.set('deleted', '1');
  for (const [key, value] of Object.entries(state.extra)) if (value) params.set(key, value);
  return params;
}

/** The list request's query of a state; the page size falls back to the user's default. */
export function toListQuery(
  state: ListState,
  defaultPageSize: number,
  statuses: readonly string[] = STATUSES,
): ListQueryParams {
  const query = buildListQuery({
    page: state.page,
    sortBy: state.sortBy,
    sortDesc: state.sortOrder === null ? null : state.sortOrder === 'desc',
    date: state.date,
    filter: state.filter,
    itemsPerPage: state.itemsPerPage ?? defaultPageSize,
  });
  if (state.status.length) query.status = statusParam(state.status, statuses);
  if (state.deleted) query.deleted = 1;
  for (const [key, value] of Object.entries(state.extra)) if (value) query[key] = value;
  return query;
}

/** Whether the list shows a subset (an empty answer then means "nothing matches", not "nothing yet"). */
export const isFiltered = (state: ListState): boolean =>
  Boolean(state.filter || state.date || state.status.length || Object.keys(state.extra).length);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A change of anything but the page starts again at page 1. */
export function withChanges<S extends string>(
  state: ListState<S>,
  changes: Partial<ListState<S>>,
): ListState<S> {
  const resetsPage = (Object.keys(changes) as (keyof ListState<S>)[]).some(
    (key) => key !== 'page' && !sameValue(changes[key], state[key]),
  );
  return { ...state, ...(resetsPage ? { page: 1 } : {}), ...changes };
}
