import { type AssetListResponse, AssetSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import type { ListQueryParams } from '../../../lib/list-query';
import { assetKeys } from './keys';

/** GET /v1/creatives/{id}/assets/ with the list query (filter, sort, deleted=1) → one creative's assets. */
export const getCreativeAssets = (creativeId: number, query: ListQueryParams): Promise<AssetListResponse> =>
  getCollection(AssetSchema, api.get(`/v1/creatives/${creativeId}/assets/`, { params: query }));

export const creativeAssetsQueryOptions = (creativeId: number, query: ListQueryParams) =>
  queryOptions({
    queryKey: assetKeys.list({ creative_id: creativeId, ...query }),
    queryFn: () => getCreativeAssets(creativeId, query),
  });

/** While another filter or order loads, the last answer stays on screen; not between live and deleted ones. */
export const useCreativeAssets = (creativeId: number, query: ListQueryParams, enabled = true) =>
  useQuery({
    ...creativeAssetsQueryOptions(creativeId, query),
    enabled,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before?.creative_id === creativeId && before.deleted === query.deleted ? previous : undefined;
    },
  });
