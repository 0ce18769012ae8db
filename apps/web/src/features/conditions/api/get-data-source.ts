import { type DataSource, DataSourceSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { dataSourceKeys } from './keys';

/** GET /v1/datasource/{id} → the data source; its headers' values never come back. */
export const getDataSource = (id: number): Promise<DataSource> =>
  getData(DataSourceSchema, api.get(`/v1/datasource/${id}`));

export const dataSourceQueryOptions = (id: number) =>
  queryOptions({ queryKey: dataSourceKeys.detail(id), queryFn: () => getDataSource(id) });

export const useDataSource = (id: number, enabled = true) =>
  useQuery({ ...dataSourceQueryOptions(id), enabled });
