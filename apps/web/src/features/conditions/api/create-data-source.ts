import { type DataSource, type DataSourceCreate, DataSourceSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { dataSourceKeys } from './keys';

/** POST /v1/datasource → 201 {data}; 422 {message, errors}. */
export const createDataSource = (body: DataSourceCreate): Promise<DataSource> =>
  getData(DataSourceSchema, api.post('/v1/datasource', body));

/** The form puts a 422 on its fields itself. */
export const useCreateDataSource = () =>
  useItemMutation(dataSourceKeys, createDataSource, { alertOnError: false });
