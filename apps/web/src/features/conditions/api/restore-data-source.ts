import { type DataSource, DataSourceSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { dataSourceKeys } from './keys';

/** POST /v1/datasource/{id}/restore → 200 the data source, back in the list. */
export const restoreDataSource = (id: number): Promise<DataSource> =>
  getData(DataSourceSchema, api.post(`/v1/datasource/${id}/restore`));

export const useRestoreDataSource = () => useItemMutation(dataSourceKeys, restoreDataSource);
