import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

const CountsSchema = z.object({
  total: z.number(),
  by_status: z.optional(z.record(z.string(), z.number())),
});

export const DashboardItemSchema = z.object({
  type: z.enum(['campaign', 'creative', 'profile', 'condition']),
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  status: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
});
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

export const DashboardSchema = z.object({
  sections: z._default(
    z.object({
      campaigns: z.optional(CountsSchema),
      creatives: z.optional(CountsSchema),
      profiles: z.optional(CountsSchema),
      conditions: z.optional(CountsSchema),
      assets: z.optional(CountsSchema),
    }),
    {},
  ),
  recent: z._default(z.array(DashboardItemSchema), []),
  qa_queue: z._default(z.array(DashboardItemSchema), []),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export async function getDashboard(): Promise<Dashboard> {
  const response = await api.get('/v1/dashboard');
  return z.object({ data: DashboardSchema }).parse(response.data).data;
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard, staleTime: 15_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
