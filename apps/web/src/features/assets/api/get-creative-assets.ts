import { AssetSchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { assetKeys } from '../../../api/assets';
import { listQuery } from '../../../lib/list-api';
import type { ListQueryParams } from '../../../lib/list-query';

/** GET /v1/creatives/{id}/assets/ with the list query (filter, sort, deleted=1) → one creative's assets. */
const creativeAssets = (creativeId: number) =>
  listQuery(
    { list: (query) => assetKeys.list({ creative_id: creativeId, ...query }) },
    AssetSchema,
    `/v1/creatives/${creativeId}/assets/`,
  );

/** While another filter or order loads, the last answer stays on screen; not between live and deleted ones. */
export function useCreativeAssets(creativeId: number, query: ListQueryParams, enabled = true) {
  return useQuery({
    ...creativeAssets(creativeId).queryOptions(query),
    enabled,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before?.creative_id === creativeId && before.deleted === query.deleted ? previous : undefined;
    },
  });
}
