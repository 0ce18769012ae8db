import { type Creative, CreativeSchema } from '@adstudio/contract';
import { creativeKeys } from '../../../api/creative-keys';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';

/**
 * GET /v1/creatives/{id}/fallback/{assetId} → the creative with its new backup image (a
 * state-changing GET); 422 with the reason when the asset is not an image of the creative's size.
 */
export const setBackupImage = ({ creativeId, assetId }: { creativeId: number; assetId: number }) =>
  getData(CreativeSchema, api.get(`/v1/creatives/${creativeId}/fallback/${assetId}`));

/** The answer is the creative: its cached copy, history and lists follow (the creatives section's keys). */
export const useSetBackupImage = () =>
  useItemMutation<{ creativeId: number; assetId: number }, Creative>(creativeKeys, setBackupImage);
