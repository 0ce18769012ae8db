import { DATA_SOURCE_SORTS, DataSourceSchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import type { ListStateConfig } from '../../../lib/list-state';
import { dataSourceKeys } from './keys';

/** GET /v1/datasource/ with the list query (plus `deleted=1`) → {data, links, meta}. */
export const dataSources = listQuery(dataSourceKeys, DataSourceSchema, '/v1/datasource/', {
  placeholder: 'latest',
});
export const useDataSources = dataSources.useList;

/** The list's URL: its sort columns; data sources have no status. */
export const dataSourceListConfig: ListStateConfig<(typeof DATA_SOURCE_SORTS)[number]> = {
  sorts: DATA_SOURCE_SORTS,
  statuses: [],
};
