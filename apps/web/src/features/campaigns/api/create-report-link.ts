import { itemResponse, type ReportLink, type ReportLinkCreate, ReportLinkSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';

const ResponseSchema = itemResponse(ReportLinkSchema);

/** POST /v1/campaigns/{id}/report/url {start?, end?, expires_at?} → 201 the link. */
export async function createReportLink({
  id,
  body,
}: {
  id: number;
  body: ReportLinkCreate;
}): Promise<ReportLink> {
  return ResponseSchema.parse((await api.post(`/v1/campaigns/${id}/report/url`, body)).data).data;
}

export function useCreateReportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportLink,
    onSuccess: (_link, { id }) => queryClient.invalidateQueries({ queryKey: campaignKeys.reportLinks(id) }),
  });
}
