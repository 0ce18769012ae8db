import { z } from 'zod';

/** What happened to an item; `changes` holds `{field: [old, new]}`. */
export const AUDIT_ACTIONS = ['created', 'updated', 'status', 'deleted', 'restored'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of rows an audit change may name by id. */
export const HISTORY_REF_TYPES = ['campaign', 'creative', 'asset', 'profile', 'template', 'user'] as const;
export type HistoryRefType = (typeof HISTORY_REF_TYPES)[number];

/** A row an entry names by id, as it is when the history is read. */
export const HistoryRefSchema = z.object({
  type: z.enum(HISTORY_REF_TYPES),
  name: z.string(),
  /** Soft-deleted: it still names itself, but has no page to open. */
  deleted: z.boolean(),
});
export type HistoryRef = z.infer<typeof HistoryRefSchema>;

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  created_at: z.string(),
  /** The personal access token the change was made with (its name then); absent for the app's own. */
  token_name: z.string().optional(),
  /**
   * The rows its id-valued changes name, by field and id: `{campaign_id: {"12": {type, name, deleted}}}`.
   * Only rows of the item's company; an id missing here names nothing that exists. Absent when the
   * entry names no row.
   */
  refs: z.record(z.string(), z.record(z.string(), HistoryRefSchema)).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
