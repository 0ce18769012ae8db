import { type Package, type PackageCreate, PackageSchema } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { packageKeys } from './keys';

/** POST /v1/creatives/{id}/packages {key, name} → 201 the next version, `processing: queued`. */
export const createPackage = (
  creativeId: number,
  body: PackageCreate,
  signal?: AbortSignal,
): Promise<Package> =>
  getData(PackageSchema, api.post(`/v1/creatives/${creativeId}/packages`, body, { signal }));

/** Claims an uploaded zip as the creative's next version; it shows at once and the list polls its unpacking. */
export function useCreatePackage(creativeId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (upload: { key: string; name: string }, signal?: AbortSignal) => {
      const created = await createPackage(creativeId, { key: upload.key, name: upload.name }, signal);
      queryClient.setQueryData<Package[]>(packageKeys.list(creativeId), (list) =>
        list ? [created, ...list.filter((pkg) => pkg.id !== created.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: packageKeys.list(creativeId) });
      return created;
    },
    [creativeId, queryClient],
  );
}
