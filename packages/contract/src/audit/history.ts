import { z } from 'zod';

/** What happened to an item; `changes` holds `{field: [old, new]}`. */
export const AUDIT_ACTIONS = ['created', 'updated', 'status', 'deleted', 'restored'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
