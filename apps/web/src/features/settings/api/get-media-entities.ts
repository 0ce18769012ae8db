import { MediaEntitySchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import { ALL_ITEMS, buildListQuery, type ListQueryParams } from '../../../lib/list-query';
import { mediaEntityKeys } from './media-entity-keys';

/** GET /v1/media-entities/ with the list query → {data, links, meta}; a new filter keeps the rows shown. */
export const mediaEntities = listQuery(mediaEntityKeys, MediaEntitySchema, '/v1/media-entities/', {
  placeholder: 'previous',
});
export const useMediaEntities = mediaEntities.useList;

/**
 * Every publisher matching `filter`, by name: a company has a few dozen, so the settings card shows
 * them on one page instead of paging.
 */
export const publishersQuery = (filter: string): ListQueryParams =>
  buildListQuery({ sortBy: 'name', filter, itemsPerPage: ALL_ITEMS });
