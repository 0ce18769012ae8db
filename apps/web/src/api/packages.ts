import { type Package, type PackageCreate, PackageSchema, type PackageUpdate } from '@adstudio/contract';
import { nestedResourceApi } from '../lib/nested-resource-api';

/** How often the list is asked again while a version is being unpacked. */
const UNPACK_POLL_MS = 1000;

/** Whether the unpack job still has to run or finish: the list is polled meanwhile. */
export const isUnpacking = (pkg: Pick<Package, 'processing'>): boolean =>
  pkg.processing === 'queued' || pkg.processing === 'unpacking';

/**
 * /v1/creatives/{id}/packages: a creative's versions, newest first, polled while the unpack job runs
 * (processing and findings appear without a reload); create {key, name} claims an uploaded zip as
 * the next version (`processing: queued`); PUT notes and/or status with the `updated_at` they were
 * based on (409 when stale; 422 approving a version not ready or with errors). Each answer takes its
 * place in the cached list at once; callers show failures themselves.
 */
export const packagesApi = nestedResourceApi<Package, { create: PackageCreate; update: PackageUpdate }>(
  '/v1/creatives',
  'packages',
  {
    item: PackageSchema,
    list: { refetchInterval: (list) => (list?.some(isUnpacking) ? UNPACK_POLL_MS : false) },
    quiet: ['create', 'update'],
    keepAnswers: true,
  },
);
