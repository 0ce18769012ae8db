import type { z } from 'zod';
import { bulkSchema } from '../common/bulk';

export * from './creative';
export * from './list-query';
export * from './preview-link';

/** POST /v1/creatives/bulk: move many creatives to one status, delete or restore them. */
export const CreativeBulkSchema = bulkSchema('creative');
export type CreativeBulk = z.infer<typeof CreativeBulkSchema>;
export * from './qa-runs';
export * from './rotation';
export * from './variants';
