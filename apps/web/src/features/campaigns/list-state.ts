import { CAMPAIGN_SORTS, type CampaignSort } from '@adstudio/contract';
import { ALL_ITEMS, buildListQuery, type ListQueryParams } from '../../lib/list-query';

/** Rows per page the overview offers; -1 is 'All'. */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100, ALL_ITEMS] as const;
export const FALLBACK_PAGE_SIZE = 25;

export type SortOrder = 'asc' | 'desc';

/** The overview's list state, as kept in the URL's search params (spec sections 3 and 5). */
export interface CampaignListState {
  /** 1-based. */
  page: number;
  sortBy: CampaignSort | null;
  sortOrder: SortOrder | null;
  filter: string;
  /** YYYY-MM-DD. */
  date: string | null;
  /** null: the user's default. */
  itemsPerPage: number | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isSort = (value: string | null): value is CampaignSort =>
  value !== null && (CAMPAIGN_SORTS as readonly string[]).includes(value);

/** Reads the state from the URL; anything malformed falls back to its default. */
export function parseListState(params: URLSearchParams): CampaignListState {
  const page = Number(params.get('page'));
  const sortBy = params.get('sort-by');
  const sortOrder = params.get('sort-order');
  const date = params.get('date');
  const perPage = Number(params.get('items-per-page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sortBy: isSort(sortBy) ? sortBy : null,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : null,
    filter: params.get('filter')?.trim() ?? '',
    date: date && ISO_DATE.test(date) ? date : null,
    itemsPerPage:
      params.has('items-per-page') && (PAGE_SIZE_CHOICES as readonly number[]).includes(perPage)
        ? perPage
        : null,
  };
}

/** Writes the state back, leaving out what is at its default so URLs stay short. */
export function toSearchParams(state: CampaignListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sortBy) params.set('sort-by', state.sortBy);
  if (state.sortBy && state.sortOrder) params.set('sort-order', state.sortOrder);
  const filter = state.filter.trim();
  if (filter) params.set('filter', filter);
  if (state.date) params.set('date', state.date);
  if (state.itemsPerPage !== null) params.set('items-per-page', String(state.itemsPerPage));
  return params;
}

/** The GET /v1/campaigns/ query of a state; the page size falls back to the user's default. */
export function toListQuery(state: CampaignListState, defaultPageSize: number): ListQueryParams {
  return buildListQuery({
    page: state.page,
    sortBy: state.sortBy,
    sortDesc: state.sortOrder === null ? null : state.sortOrder === 'desc',
    date: state.date,
    filter: state.filter,
    itemsPerPage: state.itemsPerPage ?? defaultPageSize,
  });
}

/** A change of filter, date, sort or page size starts again at page 1. */
export function withChanges(
  state: CampaignListState,
  changes: Partial<CampaignListState>,
): CampaignListState {
  const resetsPage = (['filter', 'date', 'sortBy', 'sortOrder', 'itemsPerPage'] as const).some(
    (key) => key in changes && changes[key] !== state[key],
  );
  return { ...state, ...(resetsPage ? { page: 1 } : {}), ...changes };
}
