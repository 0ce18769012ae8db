import type { CampaignApproval, User } from '@adstudio/contract';
import type { ApprovalsRepository } from './approvals.repository';

interface Deps {
  approvals: ApprovalsRepository;
  /** 404 unless the user's company has this live campaign. */
  campaignVisible: (user: User, id: number) => Promise<void>;
}

export function createApprovalsService({ approvals, campaignVisible }: Deps) {
  return {
    async ofCampaign(user: User, campaignId: number): Promise<CampaignApproval[]> {
      await campaignVisible(user, campaignId);
      const rows = await approvals.ofCampaign(user.company_id, campaignId);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        comment: row.comment,
        decided_at: row.decided_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        creative: { id: row.creative_id, name: row.creative_name },
        media_entity: { id: row.media_entity_id, name: row.media_entity_name },
      }));
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
