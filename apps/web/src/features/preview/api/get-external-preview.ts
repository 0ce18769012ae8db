import { type ExternalPreview, ExternalPreviewSchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** GET /v1/creatives/externalpreview/{token}: no session, the token is the credential. */
export const getExternalPreview = (token: string): Promise<ExternalPreview> =>
  getData(ExternalPreviewSchema, api.get(`/v1/creatives/externalpreview/${encodeURIComponent(token)}`));

/** Read once per visit: each call is logged as a view of the link, and the render URLs last an hour. */
export const useExternalPreview = (token: string) =>
  useQuery({
    queryKey: ['external-preview', token],
    queryFn: () => getExternalPreview(token),
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    // 404 and 410 are answers, not failures worth repeating.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && [404, 410].includes(error.response?.status ?? 0)),
  });
