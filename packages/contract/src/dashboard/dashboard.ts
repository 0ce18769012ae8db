import { z } from 'zod';

export const DASHBOARD_RECENT_LIMIT = 10;
export const DASHBOARD_QA_QUEUE_LIMIT = 20;

export const StatusCountsSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const TotalCountSchema = z.object({ total: z.number().int() });

/** Only the sections the user may read are present. */
export const DashboardSectionsSchema = z.object({
  campaigns: StatusCountsSchema.optional(),
  creatives: StatusCountsSchema.optional(),
  profiles: StatusCountsSchema.optional(),
  conditions: TotalCountSchema.optional(),
  assets: TotalCountSchema.optional(),
});
export type DashboardSections = z.infer<typeof DashboardSectionsSchema>;

export const DASHBOARD_ITEM_TYPES = ['campaign', 'creative', 'profile', 'condition'] as const;
export type DashboardItemType = (typeof DASHBOARD_ITEM_TYPES)[number];

export const DashboardItemSchema = z.object({
  type: z.enum(DASHBOARD_ITEM_TYPES),
  id: z.number().int(),
  title: z.string(),
  status: z.string().nullable(),
  updated_at: z.string(),
});
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

export const DashboardSchema = z.object({
  sections: DashboardSectionsSchema,
  /** The most recently updated items across the readable sections, newest first. */
  recent: z.array(DashboardItemSchema),
  /** Campaigns and creatives in quality assurance or testing, oldest first; empty unless qa or admin. */
  qa_queue: z.array(DashboardItemSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DashboardResponseSchema = z.object({ data: DashboardSchema });
