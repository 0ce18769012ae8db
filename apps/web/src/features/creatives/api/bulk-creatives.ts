import { type BulkResult, BulkResultSchema, type CreativeBulk } from '@adstudio/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(BulkResultSchema) });

/** POST /v1/creatives/bulk → per item, what was done or why it was refused. */
export async function bulkCreatives(body: CreativeBulk): Promise<BulkResult[]> {
  return ResponseSchema.parse((await api.post('/v1/creatives/bulk', body)).data).data;
}

export const useBulkCreatives = () => useItemsMutation(creativeKeys, bulkCreatives, (body) => body.ids);
