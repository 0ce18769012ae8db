import { type Package, PackageSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { isUnpacking } from '../package-rules';
import { packageKeys } from './keys';

/** How often the list is asked again while a version is being unpacked. */
export const UNPACK_POLL_MS = 1000;

const ResponseSchema = z.object({ data: z.array(PackageSchema) });

/** GET /v1/creatives/{id}/packages → its versions, newest first. */
export async function getPackages(creativeId: number): Promise<Package[]> {
  return ResponseSchema.parse((await api.get(`/v1/creatives/${creativeId}/packages`)).data).data;
}

export const packagesQueryOptions = (creativeId: number) =>
  queryOptions({
    queryKey: packageKeys.list(creativeId),
    queryFn: () => getPackages(creativeId),
    // Polled while the unpack job runs, so processing and findings appear without a reload.
    refetchInterval: (query) => (query.state.data?.some(isUnpacking) ? UNPACK_POLL_MS : false),
  });

export const usePackages = (creativeId: number, enabled = true) =>
  useQuery({ ...packagesQueryOptions(creativeId), enabled });
