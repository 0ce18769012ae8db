import { type ReportLink, ReportLinkSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(ReportLinkSchema) });

/** GET /v1/campaigns/{id}/report/links: the links not revoked. */
export async function getReportLinks(id: number): Promise<ReportLink[]> {
  return ResponseSchema.parse((await api.get(`/v1/campaigns/${id}/report/links`)).data).data;
}

export const reportLinksQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.reportLinks(id), queryFn: () => getReportLinks(id) });

export const useReportLinks = (id: number) => useQuery(reportLinksQueryOptions(id));
