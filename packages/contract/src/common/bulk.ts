import { z } from 'zod';
import { StatusSchema } from './fields';

export const BULK_MAX = 1000;

const bulkIds = (noun: string) =>
  z
    .array(z.number().int().positive().max(2_147_483_647), {
      error: `The ids must be a list of ${noun} ids.`,
    })
    .min(1, `Select at least one ${noun}.`)
    .max(BULK_MAX, `Select at most ${BULK_MAX} ${noun}s at once.`);

/**
 * POST /v1/{section}/bulk: move many items to one status, delete them, or restore deleted ones.
 * Each action is one set operation on the server, whatever the number of ids.
 */
export const bulkSchema = (noun: string) =>
  z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('status'), ids: bulkIds(noun), status: StatusSchema }),
      z.object({ action: z.literal('delete'), ids: bulkIds(noun) }),
      z.object({ action: z.literal('restore'), ids: bulkIds(noun) }),
    ],
    { error: 'The action must be status, delete or restore.' },
  );
export type Bulk = z.infer<ReturnType<typeof bulkSchema>>;
export type BulkAction = Bulk['action'];

/** What happened to one selected item; `message` says why when it was refused. */
export const BulkResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
