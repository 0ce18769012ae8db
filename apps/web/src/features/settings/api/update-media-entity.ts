import { type MediaEntity, MediaEntitySchema, type MediaEntityUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { mediaEntityKeys } from './media-entity-keys';

/** PUT /v1/media-entities/{id} (admins) with the `updated_at` it was based on; 409 when stale. */
export const updateMediaEntity = ({
  id,
  body,
}: {
  id: number;
  body: MediaEntityUpdate;
}): Promise<MediaEntity> => getData(MediaEntitySchema, api.put(`/v1/media-entities/${id}`, body));

/** The dialog shows its failures on its fields. */
export const useUpdateMediaEntity = () =>
  useItemMutation(mediaEntityKeys, updateMediaEntity, { alertOnError: false });
