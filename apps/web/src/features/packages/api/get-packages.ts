import { PackageSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { isUnpacking } from '../package-rules';
import { packageKeys } from './keys';

/** How often the list is asked again while a version is being unpacked. */
const UNPACK_POLL_MS = 1000;

/**
 * GET /v1/creatives/{id}/packages → its versions, newest first; polled while the unpack job runs, so
 * processing and findings appear without a reload.
 */
const packages = (creativeId: number) =>
  wholeListQuery(
    { list: () => packageKeys.list(creativeId) },
    PackageSchema,
    `/v1/creatives/${creativeId}/packages`,
    {
      refetchInterval: (list) => (list?.some(isUnpacking) ? UNPACK_POLL_MS : false),
    },
  );

export const packagesQueryOptions = (creativeId: number) => packages(creativeId).queryOptions();

export const usePackages = (creativeId: number) => packages(creativeId).useList();
