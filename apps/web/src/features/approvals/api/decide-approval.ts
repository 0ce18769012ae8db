import {
  type ApprovalDecision,
  type PublisherApproval,
  PublisherApprovalSchema,
  type PublisherApprovals,
} from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { publisherApprovalKeys } from './keys';

/**
 * POST /v1/creatives/publisherapproval/{token}/approvals/{approvalId} → the decided approval. No
 * session and no XSRF token needed; 422 with field errors, 404 for an approval outside the link.
 */
export const decideApproval = ({
  token,
  approvalId,
  body,
}: {
  token: string;
  approvalId: number;
  body: ApprovalDecision;
}): Promise<PublisherApproval> =>
  getData(
    PublisherApprovalSchema,
    api.post(`/v1/creatives/publisherapproval/${encodeURIComponent(token)}/approvals/${approvalId}`, body),
  );

/** `list` with `approval` in place of its earlier self, and the counts moved with its status. */
export function withDecision(list: PublisherApprovals, approval: PublisherApproval): PublisherApprovals {
  const before = list.approvals.find((item) => item.id === approval.id);
  if (!before) return list;
  const counts = { ...list.counts };
  counts[before.status] -= 1;
  counts[approval.status] += 1;
  return {
    ...list,
    counts,
    approvals: list.approvals.map((item) => (item.id === approval.id ? approval : item)),
  };
}

/**
 * Shows the verdict on the cards at once and marks the lists stale; the pending list is read again
 * by `useRefreshPublisherApprovals` once the confirmation has been seen, so the card does not
 * vanish under the click.
 */
export function useDecideApproval(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    // The form shows every failure itself: on its fields, or above its buttons.
    meta: { skipAlert: true },
    onSuccess: (approval) => {
      queryClient.setQueriesData<PublisherApprovals>(
        { queryKey: publisherApprovalKeys.token(token) },
        (list) => (list ? withDecision(list, approval) : list),
      );
      return queryClient.invalidateQueries({
        queryKey: publisherApprovalKeys.token(token),
        refetchType: 'none',
      });
    },
  });
}

/** Reads the token's shown lists again (decided approvals leave the pending one). */
export function useRefreshPublisherApprovals(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.refetchQueries({ queryKey: publisherApprovalKeys.token(token), type: 'active' }),
    [queryClient, token],
  );
}
