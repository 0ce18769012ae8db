import { type SimulationContextInput, type TagTrial, TagTrialSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** POST /v1/creatives/{id}/tags/{tagId}/try → what the tag serves in a context, and why. Counts nothing. */
export const tryAdTag = ({
  creativeId,
  tagId,
  context,
}: {
  creativeId: number;
  tagId: number;
  context: SimulationContextInput;
}): Promise<TagTrial> =>
  getData(TagTrialSchema, api.post(`/v1/creatives/${creativeId}/tags/${tagId}/try`, context));

/** A read that acts like a command: each run answers one context, and a 422 shows on the form's fields. */
export const useTryAdTag = () => useMutation({ mutationFn: tryAdTag, meta: { skipAlert: true } });
