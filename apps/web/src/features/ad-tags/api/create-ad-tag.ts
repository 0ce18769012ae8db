import { type AdTag, type AdTagCreateInput, AdTagSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { adTagKeys } from './keys';

/** POST /v1/creatives/{id}/tags {name, media_entity_id?, ad_server?} → 201 the tag with its token and snippets. */
export const createAdTag = ({
  creativeId,
  body,
}: {
  creativeId: number;
  body: AdTagCreateInput;
}): Promise<AdTag> => getData(AdTagSchema, api.post(`/v1/creatives/${creativeId}/tags`, body));

export function useCreateAdTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdTag,
    onSuccess: (_tag, { creativeId }) =>
      queryClient.invalidateQueries({ queryKey: adTagKeys.list(creativeId) }),
  });
}
