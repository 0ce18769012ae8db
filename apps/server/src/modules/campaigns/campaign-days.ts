import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { listedRows, type StatusListParams } from '../../lib/list';

/**
 * A `select … as id` (or of `columns`) of a company's campaigns running on `day` (launch ≤ day ≤
 * end, a missing side open, no dates no day), through the range index of migration 2026-11-21-1130: the same rows as
 * `spanContains` on launch_date and end_date. `listed` narrows to live or deleted campaigns and
 * statuses; without it any campaign counts (a deleted campaign may still have creatives).
 */
export function campaignsOnDay<DB>(
  executor: Kysely<DB>,
  companyId: number,
  day: string,
  listed?: StatusListParams,
  /** What it selects: the campaigns' ids, or (`campaigns.*`) their rows. */
  columns: RawBuilder<unknown> = sql`campaigns.id as id`,
): RawBuilder<unknown> {
  const dayNumber = Number(day.replaceAll('-', ''));
  const kept = listed ? sql`and ${listedRows('campaigns', listed)}` : sql``;
  if (executor.getExecutor().adapter instanceof PostgresAdapter) {
    // The index's expression, word for word, so the planner matches it.
    return sql`select ${columns} from campaigns
      where campaigns.company_id = ${companyId} ${kept}
      and (campaigns.launch_date is not null or campaigns.end_date is not null)
      and int4range(replace(campaigns.launch_date, '-', '')::int, replace(campaigns.end_date, '-', '')::int, '[]')
        @> ${dayNumber}::int`;
  }
  // CROSS JOIN keeps the R*Tree first: its few matches, then each campaign by key.
  return sql`select ${columns} from campaigns_days cross join campaigns on campaigns.id = campaigns_days.id
    where campaigns_days.company_lo <= ${companyId} and campaigns_days.company_hi >= ${companyId}
    and campaigns_days.from_day <= ${dayNumber} and campaigns_days.to_day >= ${dayNumber}
    and campaigns.company_id = ${companyId} ${kept}`;
}
