import { type Package, PackageSchema, type PackageUpdate } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { packageKeys } from './keys';

interface Variables {
  creativeId: number;
  id: number;
  /** Notes and/or status, with the `updated_at` they were based on (409 when stale). */
  body: PackageUpdate;
}

/** PUT /v1/creatives/{id}/packages/{packageId}; 422 when approving a version not ready or with errors. */
export const updatePackage = ({ creativeId, id, body }: Variables): Promise<Package> =>
  getData(PackageSchema, api.put(`/v1/creatives/${creativeId}/packages/${id}`, body));

/** The answer replaces the version in the cached list; callers show failures themselves (409 offers a reload). */
export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    meta: { skipAlert: true },
    onSuccess: (saved, { creativeId }) => {
      queryClient.setQueryData<Package[]>(packageKeys.list(creativeId), (list) =>
        list?.map((pkg) => (pkg.id === saved.id ? saved : pkg)),
      );
      return queryClient.invalidateQueries({ queryKey: packageKeys.list(creativeId) });
    },
  });
}
