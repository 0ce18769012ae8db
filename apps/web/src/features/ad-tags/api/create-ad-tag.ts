import { type AdTag, type AdTagCreate, AdTagSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { adTagKeys } from './keys';

/** POST /v1/creatives/{id}/tags {name, media_entity_id?} → 201 the tag with its token and snippets. */
export const createAdTag = ({
  creativeId,
  body,
}: {
  creativeId: number;
  body: AdTagCreate;
}): Promise<AdTag> => getData(AdTagSchema, api.post(`/v1/creatives/${creativeId}/tags`, body));

export function useCreateAdTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdTag,
    onSuccess: (_tag, { creativeId }) =>
      queryClient.invalidateQueries({ queryKey: adTagKeys.list(creativeId) }),
  });
}
