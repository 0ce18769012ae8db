import { type DataSource, DataSourceSchema, type DataSourceUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { dataSourceKeys } from './keys';

/**
 * PUT /v1/datasource/{id} with the `updated_at` it was based on (409 when stale). `headers` is the
 * whole list: a header without `value` keeps its stored value, one left out is removed.
 */
export const updateDataSource = ({ id, body }: { id: number; body: DataSourceUpdate }): Promise<DataSource> =>
  getData(DataSourceSchema, api.put(`/v1/datasource/${id}`, body));

/** The form shows its failures itself (inline conflict, field messages). */
export const useUpdateDataSource = () =>
  useItemMutation(dataSourceKeys, updateDataSource, { alertOnError: false });
