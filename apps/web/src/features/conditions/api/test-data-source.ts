import {
  type DataSourceTest,
  type DataSourceTestResult,
  DataSourceTestResultSchema,
} from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/**
 * POST /v1/datasource/test: a definition (saved or not; with `id`, stored header values fill in
 * the ones not given) and the URL's placeholders → status, time, a sample of the body and the value.
 */
export const testDataSource = (body: DataSourceTest): Promise<DataSourceTestResult> =>
  getData(DataSourceTestResultSchema, api.post('/v1/datasource/test', body));

/** The test panel shows its failures itself. */
export const useTestDataSource = () => useMutation({ mutationFn: testDataSource, meta: { skipAlert: true } });
