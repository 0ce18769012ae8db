import { type ApprovalLink, ApprovalLinkSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(ApprovalLinkSchema) });

/** The campaign's publisher approval links; requests and revokes refresh it. */
export const approvalLinksKey = (id: number) => campaignKeys.related(id, 'approval-links');

/** GET /v1/campaigns/{id}/approvals/links: the live links, not revoked. */
export async function getApprovalLinks(id: number): Promise<ApprovalLink[]> {
  return ResponseSchema.parse((await api.get(`/v1/campaigns/${id}/approvals/links`)).data).data;
}

export const approvalLinksQueryOptions = (id: number) =>
  queryOptions({ queryKey: approvalLinksKey(id), queryFn: () => getApprovalLinks(id) });

export const useApprovalLinks = (id: number) => useQuery(approvalLinksQueryOptions(id));
