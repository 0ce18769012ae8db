import type { ApprovalStatus } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

const PUBLISHERS = [
  ['Daily Herald', 'dailyherald.example', 'Hannah Reed', 'ads@dailyherald.example'],
  ['TechPulse', 'techpulse.example', 'Marco Ruiz', 'sales@techpulse.example'],
  ['Outdoor Weekly', 'outdoorweekly.example', 'Priya Nair', 'adops@outdoorweekly.example'],
] as const;

const VERDICTS: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];

/** Demo publishers, and one publisher's verdict on each given creative (pending, approved, rejected in turn). */
export async function seedApprovals(
  db: Executor,
  companyId: number,
  creatives: readonly { id: number; campaignId: number }[],
): Promise<void> {
  const now = nowIso();
  const stamps = { created_at: now, updated_at: now };
  const publishers = await db
    .insertInto('media_entities')
    .values(
      PUBLISHERS.map(([name, domain, contactName, contactEmail]) => ({
        company_id: companyId,
        name,
        domain,
        contact_name: contactName,
        contact_email: contactEmail,
        ...stamps,
      })),
    )
    .returning('id')
    .execute();
  if (!creatives.length) return;
  await db
    .insertInto('approvals')
    .values(
      creatives.map((creative, i) => ({
        company_id: companyId,
        campaign_id: creative.campaignId,
        creative_id: creative.id,
        media_entity_id: publishers[i % publishers.length]!.id,
        status: VERDICTS[i % 3]!,
        comment: i % 3 === 2 ? 'Logo too small on mobile.' : null,
        decided_at: i % 3 === 0 ? null : now,
        ...stamps,
      })),
    )
    .execute();
}
