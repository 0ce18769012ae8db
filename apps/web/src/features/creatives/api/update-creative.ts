import { type Creative, CreativeSchema, type CreativeUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** PUT /v1/creatives/{id}: fields (with the `updated_at` they were based on; 409 when stale) and/or a status move. */
export const updateCreative = ({ id, body }: { id: number; body: CreativeUpdate }): Promise<Creative> =>
  getData(CreativeSchema, api.put(`/v1/creatives/${id}`, body));

/** `alertOnError: false` when the caller shows the failure itself (the form's inline conflict). */
export const useUpdateCreative = (options: { alertOnError?: boolean } = {}) =>
  useItemMutation(creativeKeys, updateCreative, options);
