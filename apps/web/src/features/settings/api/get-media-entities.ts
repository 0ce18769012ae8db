import { type MediaEntityListResponse, MediaEntitySchema } from '@adstudio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { ALL_ITEMS, buildListQuery, type ListQueryParams } from '../../../lib/list-query';
import { mediaEntityKeys } from './media-entity-keys';

/** GET /v1/media-entities/ with the list query → {data, links, meta}. */
export const getMediaEntities = (query: ListQueryParams): Promise<MediaEntityListResponse> =>
  getCollection(MediaEntitySchema, api.get('/v1/media-entities/', { params: query }));

/**
 * Every publisher matching `filter`, by name: a company has a few dozen, so the settings card shows
 * them on one page instead of paging.
 */
export const publishersQuery = (filter: string): ListQueryParams =>
  buildListQuery({ sortBy: 'name', filter, itemsPerPage: ALL_ITEMS });

export const mediaEntitiesQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: mediaEntityKeys.list(query), queryFn: () => getMediaEntities(query) });

/** While a new filter loads, the previous rows stay on screen instead of a spinner. */
export const useMediaEntities = (query: ListQueryParams) =>
  useQuery({ ...mediaEntitiesQueryOptions(query), placeholderData: keepPreviousData });
