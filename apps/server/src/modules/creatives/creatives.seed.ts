import { IAB_SIZES, STATUSES } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { type SeedScope, seededColumns, seedHistory } from '../audit';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

export interface SeededCreative {
  id: number;
  campaignId: number;
  width: number;
  height: number;
}

/**
 * Two to five creatives per demo campaign, each in a different IAB size, with every status across
 * them and the history that got each there. The first of a campaign is dynamic (driven by a feed).
 */
export async function seedCreatives(
  db: Executor,
  companyId: number,
  userId: number,
  campaigns: readonly { id: number; advertiser: string; site: string }[],
  profileIds: readonly number[],
): Promise<SeededCreative[]> {
  const now = nowIso();
  const scope: SeedScope = { companyId, userId, entityType: 'creative' };
  const seeded: SeededCreative[] = [];
  const history = [];
  let n = 0;
  for (const [i, campaign] of campaigns.entries()) {
    const count = 2 + (i % 4);
    for (let c = 0; c < count; c++, n++) {
      const size = IAB_SIZES[(i + c) % IAB_SIZES.length]!;
      const dynamic = c === 0 && profileIds.length > 0;
      const fields = {
        campaign_id: campaign.id,
        name: `${campaign.advertiser} ${size.label} ${size.width}x${size.height}${dynamic ? ' dynamic' : ''}`,
        width: size.width,
        height: size.height,
        click_url: `${campaign.site}/landing?utm_content=${size.width}x${size.height}`,
        profile_id: dynamic ? profileIds[i % profileIds.length]! : null,
      };
      const status = STATUSES[n % STATUSES.length]!;
      const row = await db
        .insertInto('creatives')
        .values({ ...fields, ...seededColumns(scope, status, now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      seeded.push({ id: row.id, campaignId: campaign.id, width: size.width, height: size.height });
      history.push({ entityId: row.id, fields, status, hoursAgo: 12 + n });
    }
  }
  await seedHistory(db, scope, history);
  return seeded;
}

/** Each creative's backup image, once its assets exist. */
export async function seedFallbacks(
  db: Executor,
  fallbacks: readonly { creativeId: number; assetId: number }[],
): Promise<void> {
  for (const { creativeId, assetId } of fallbacks) {
    await db
      .updateTable('creatives')
      .set({ fallback_asset_id: assetId })
      .where('id', '=', creativeId)
      .execute();
  }
}
