import type { Campaign, CampaignApproval } from '@adstudio/contract';
import { useEffect, useRef } from 'react';
import { type AlertPayload, showAlert } from '../../lib/alert';
import { formatCounted } from '../../lib/format';

/** A decision as it stands: a publisher deciding again (or anew after a reset) changes it. */
const decisionOf = (approval: CampaignApproval) =>
  approval.status === 'pending' ? null : `${approval.status} ${approval.decided_at ?? ''}`;

/** The decisions in `now` that `before` did not have: new verdicts, and verdicts given again. */
export function newDecisions(
  before: readonly CampaignApproval[],
  now: readonly CampaignApproval[],
): CampaignApproval[] {
  const known = new Map(before.map((approval) => [approval.id, decisionOf(approval)]));
  return now.filter((approval) => {
    const decision = decisionOf(approval);
    return decision !== null && known.get(approval.id) !== decision;
  });
}

/** Says what publishers decided, with the way to the campaign's approvals tab. */
export function decisionAlert(
  campaign: Pick<Campaign, 'id' | 'name'>,
  decisions: readonly CampaignApproval[],
): AlertPayload {
  const rejected = decisions.filter((approval) => approval.status === 'rejected').length;
  const [only] = decisions;
  let message: string;
  if (decisions.length === 1 && only) {
    const comment = only.status === 'rejected' && only.comment ? `: “${only.comment}”` : '.';
    message = `${only.media_entity.name} ${only.status} ${only.creative.name}${comment}`;
  } else {
    const counts = [
      decisions.length - rejected ? `${decisions.length - rejected} approved` : null,
      rejected ? `${rejected} rejected` : null,
    ];
    message = `${formatCounted(decisions.length, 'new decision')} on ${campaign.name}: ${counts
      .filter(Boolean)
      .join(', ')}.`;
  }
  return {
    status: 200,
    data: { message },
    // A rejection asks for work: it does not read as a success.
    ...(rejected ? { color: 'error' } : {}),
    goToView: { name: 'campaign', id: campaign.id, tab: 'approvals' },
  };
}

/**
 * Announces the decisions publishers made since the campaign's approvals were last loaded (the
 * first load is what the user sees, not news).
 */
export function useDecisionAlerts(
  campaign: Pick<Campaign, 'id' | 'name'>,
  approvals: readonly CampaignApproval[] | undefined,
) {
  const last = useRef<{ campaignId: number; approvals: readonly CampaignApproval[] } | null>(null);
  const { id, name } = campaign;
  useEffect(() => {
    if (!approvals) return;
    const before = last.current?.campaignId === id ? last.current.approvals : null;
    last.current = { campaignId: id, approvals };
    if (!before) return;
    const decisions = newDecisions(before, approvals);
    if (decisions.length) showAlert(decisionAlert({ id, name }, decisions));
  }, [approvals, id, name]);
}
