import { type PreviewLink, PreviewLinkSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creativeKeys } from '../../../api/creative-keys';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/**
 * GET /v1/creatives/{id}/preview-url → the creative's shareable link, created on the first call (a
 * state-changing GET: the api client sends the XSRF header); every later call answers the same link.
 */
export const getPreviewLink = (creativeId: number): Promise<PreviewLink> =>
  getData(PreviewLinkSchema, api.get(`/v1/creatives/${creativeId}/preview-url`));

export const previewLinkQueryOptions = (creativeId: number) =>
  queryOptions({
    queryKey: creativeKeys.related(creativeId, 'preview-link'),
    queryFn: () => getPreviewLink(creativeId),
    // The link does not change once made.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked only once `requested` (a mere visit must not create a link); a link already fetched stays shown. */
export const usePreviewLink = (creativeId: number, requested: boolean) =>
  useQuery({ ...previewLinkQueryOptions(creativeId), enabled: requested });
