import { type CreativeVariantList, CreativeVariantListSchema } from '@adstudio/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { creativeKeys } from '../../../api/creative-keys';
import { api } from '../../../lib/api-client';

/** What the grid narrows the variants to: a condition's id, a feed column and its value. */
export interface VariantFilter {
  condition: number | null;
  field: string;
  value: string;
}
export const NO_FILTER: VariantFilter = { condition: null, field: '', value: '' };

/** Variants asked per page: a few screens of cards. */
export const VARIANTS_PAGE = 60;

/** The query of a filter: a value filter only once both its column and value are chosen. */
export const variantParams = (filter: VariantFilter, page: number) => ({
  page,
  'items-per-page': VARIANTS_PAGE,
  ...(filter.condition === null ? {} : { condition: filter.condition }),
  ...(filter.field && filter.value.trim() ? { field: filter.field, value: filter.value.trim() } : {}),
});

/** GET /v1/creatives/{id}/variants → a page of its variants, the count of all, and what filters they offer. */
export const getCreativeVariants = async (
  creativeId: number,
  filter: VariantFilter,
  page: number,
): Promise<CreativeVariantList> =>
  CreativeVariantListSchema.parse(
    (await api.get(`/v1/creatives/${creativeId}/variants`, { params: variantParams(filter, page) })).data,
  );

/**
 * The creative's variants, page after page as the grid asks for more. Under the creative's key, so
 * its writes (a new rule filter, a backup image) refresh them; the previous filter's cards stay
 * while the next one loads.
 */
export const useCreativeVariants = (creativeId: number, filter: VariantFilter) =>
  useInfiniteQuery({
    queryKey: [...creativeKeys.related(creativeId, 'variants'), variantParams(filter, 0)] as const,
    queryFn: ({ pageParam }) => getCreativeVariants(creativeId, filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
