import { type Asset, type AssetClaim, AssetSchema } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { assetKeys } from '../../../api/assets';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** POST /v1/creatives/{id}/assets {key, name} → 201 the kept asset; 422 names the file and why it was refused. */
export const claimAsset = (creativeId: number, claim: AssetClaim, signal?: AbortSignal): Promise<Asset> =>
  getData(AssetSchema, api.post(`/v1/creatives/${creativeId}/assets`, claim, { signal }));

/**
 * Claims uploaded files for a creative, one request per file so each file succeeds or fails on its
 * own (the upload row shows why); each kept file refreshes the asset lists.
 */
export function useClaimAsset(creativeId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (upload: { key: string; name: string }, signal: AbortSignal) => {
      const asset = await claimAsset(creativeId, { key: upload.key, name: upload.name }, signal);
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
      return asset;
    },
    [creativeId, queryClient],
  );
}
