import {
  DATA_SOURCE_SORTS,
  type DataSource,
  type DataSourceCreate,
  DataSourceSchema,
  type DataSourceUpdate,
} from '@adstudio/contract';
import type { ListStateConfig } from '../lib/list-state';
import { resourceApi } from '../lib/resource-api';
import { resourceKeys } from '../lib/resource-keys';

/**
 * /v1/datasource (part of the conditions section): the list (plus `deleted=1`), an item (its
 * headers' values never come back), create and PUT (`headers` is the whole list: one without
 * `value` keeps its stored value; 409 when stale), delete (restorable; 422 naming the conditions
 * that read it) and restore. The forms and the delete dialog show their failures themselves.
 */
export const dataSourcesApi = resourceApi<DataSource, { create: DataSourceCreate; update: DataSourceUpdate }>(
  '/v1/datasource',
  {
    item: DataSourceSchema,
    keys: resourceKeys('datasources'),
    list: { placeholder: 'latest' },
    quiet: ['create', 'update', 'remove'],
  },
);

/** The list's URL: its sort columns; data sources have no status. */
export const dataSourceListConfig: ListStateConfig<(typeof DATA_SOURCE_SORTS)[number]> = {
  sorts: DATA_SOURCE_SORTS,
  statuses: [],
};
