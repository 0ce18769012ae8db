import { type MediaEntity, type MediaEntityCreate, MediaEntitySchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { mediaEntityKeys } from './media-entity-keys';

/** POST /v1/media-entities (admins) → 201 the publisher; 422 {message, errors}. */
export const createMediaEntity = (body: MediaEntityCreate): Promise<MediaEntity> =>
  getData(MediaEntitySchema, api.post('/v1/media-entities', body));

/** The dialog shows its failures on its fields. */
export const useCreateMediaEntity = () =>
  useItemMutation(mediaEntityKeys, createMediaEntity, { alertOnError: false });
