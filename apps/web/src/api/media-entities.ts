import {
  type MediaEntity,
  type MediaEntityCreate,
  MediaEntitySchema,
  type MediaEntityUpdate,
} from '@adstudio/contract';
import { ALL_ITEMS, buildListQuery, type ListQueryParams } from '../lib/list-query';
import { resourceApi } from '../lib/resource-api';

/**
 * /v1/media-entities, the publishers (admins write them in Settings): the list (a new filter keeps
 * the rows shown), create and PUT (409 when the `updated_at` it was based on is stale; the dialog
 * shows failures on its fields), delete (422 while approvals name the publisher).
 */
export const mediaEntitiesApi = resourceApi<
  MediaEntity,
  { create: MediaEntityCreate; update: MediaEntityUpdate }
>('/v1/media-entities', {
  item: MediaEntitySchema,
  list: { placeholder: 'previous' },
  quiet: ['create', 'update'],
});

/**
 * Every publisher matching `filter`, by name: a company has a few dozen, so the settings card shows
 * them on one page instead of paging.
 */
export const publishersQuery = (filter: string): ListQueryParams =>
  buildListQuery({ sortBy: 'name', filter, itemsPerPage: ALL_ITEMS });

const publishers = mediaEntitiesApi.listing();
const ALL_BY_NAME = buildListQuery({ sortBy: 'name', itemsPerPage: ALL_ITEMS });

/**
 * Every publisher of the company, by name: to ask for approvals, to place a tag. The server lets
 * only those who edit campaigns read them: `enabled` is false for others.
 */
export const usePublisherOptions = (enabled = true) => publishers.useList(ALL_BY_NAME, enabled);
