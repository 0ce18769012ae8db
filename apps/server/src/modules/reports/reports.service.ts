import {
  type CampaignReport,
  REPORT_DAYS_MAX,
  REPORT_NEWS_MAX,
  REPORT_VARIANTS_MAX,
  type ReportFigures,
  type ReportNews,
  type ReportQuery,
} from '@adstudio/contract';
import { notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import type { ReportsRepository } from './reports.repository';

/** The widest days a report may show: a link's timeframe, or the campaign's own. */
export interface ReportScope {
  companyId: number;
  campaignId: number;
  /** What the link fixes (YYYY-MM-DD); null leaves it to the campaign. */
  start: string | null;
  end: string | null;
}

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => toDay(dayMs(day) + days * DAY_MS);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

const figures = (impressions: number | string, clicks: number | string): ReportFigures => {
  const i = Number(impressions);
  const c = Number(clicks);
  return { impressions: i, clicks: c, ctr: i > 0 ? c / i : 0 };
};
const byImpressions = (a: ReportFigures & { name?: string }, b: ReportFigures & { name?: string }) =>
  b.impressions - a.impressions || b.clicks - a.clicks;

/**
 * The days a report shows: the asked ones clamped into the bounds (the link's timeframe, else the
 * campaign's dates, else its first day of traffic to today), by default up to today, and at most
 * REPORT_DAYS_MAX days.
 */
export function reportDays(
  bounds: { start: string; end: string },
  asked: ReportQuery,
  today: string,
): { start: string; end: string } {
  const clamp = (day: string) => minDay(maxDay(day, bounds.start), bounds.end);
  const end = clamp(asked.end ?? minDay(bounds.end, maxDay(today, bounds.start)));
  let start = clamp(asked.start ?? bounds.start);
  if (start > end) start = end;
  if (dayMs(end) - dayMs(start) >= REPORT_DAYS_MAX * DAY_MS) start = addDays(end, 1 - REPORT_DAYS_MAX);
  return { start, end };
}

/** Campaign reports (docs/design.md §9): the shared link's and the campaign's own. */
export function createReportsService({ reports }: { reports: ReportsRepository }) {
  async function boundsOf(
    scope: ReportScope,
    campaign: { launch_date: string | null; end_date: string | null; created_at: string },
  ) {
    const today = nowIso().slice(0, 10);
    const start =
      scope.start ??
      campaign.launch_date ??
      (await reports.firstDay(scope.companyId, scope.campaignId)) ??
      minDay(campaign.created_at.slice(0, 10), today);
    const end = maxDay(scope.end ?? campaign.end_date ?? today, start);
    return { start, end, today };
  }

  return {
    /** The report of `scope`'s campaign for the asked days (clamped to the scope); 404 for a campaign gone. */
    async report(scope: ReportScope, asked: ReportQuery): Promise<CampaignReport> {
      const { companyId, campaignId } = scope;
      const campaign = await reports.campaign(companyId, campaignId);
      if (!campaign) throw notFound();
      const { today, ...bounds } = await boundsOf(scope, campaign);
      const { start, end } = reportDays(bounds, asked, today);

      const [daily, perCreative, perVariant, perTag] = await Promise.all([
        reports.daily(companyId, campaignId, start, end),
        reports.byCreative(companyId, campaignId, start, end),
        reports.byVariant(companyId, campaignId, start, end, REPORT_VARIANTS_MAX),
        reports.byTag(companyId, campaignId, start, end),
      ]);
      const [creatives, tags] = await Promise.all([
        reports.creatives(
          companyId,
          campaignId,
          perCreative.map((row) => row.creative_id),
        ),
        reports.tags(
          companyId,
          campaignId,
          perTag.map((row) => row.tag_id),
        ),
      ]);
      const statsByTag = new Map(perTag.map((row) => [row.tag_id, row]));
      const labels = new Map(
        (
          await reports.ruleLabels(
            companyId,
            perVariant.rows.map((row) => row.rule_id).filter((id) => id > 0),
          )
        ).map((rule) => [rule.id, rule.reporting_label || rule.unique_id]),
      );
      const creativeById = new Map(creatives.map((creative) => [creative.id, creative]));
      const statsByCreative = new Map(perCreative.map((row) => [row.creative_id, row]));

      const byDay = new Map(daily.map((row) => [row.day, row]));
      const days: CampaignReport['daily'] = [];
      for (let day = start; day <= end; day = addDays(day, 1)) {
        const row = byDay.get(day);
        days.push({ day, ...figures(row?.impressions ?? 0, row?.clicks ?? 0) });
      }
      const totals = figures(
        days.reduce((n, day) => n + day.impressions, 0),
        days.reduce((n, day) => n + day.clicks, 0),
      );

      return {
        campaign: { id: campaign.id, name: campaign.name },
        start,
        end,
        bounds,
        totals,
        daily: days,
        creatives: creatives
          .filter((creative) => creative.deleted_at === null || statsByCreative.has(creative.id))
          .map((creative) => {
            const row = statsByCreative.get(creative.id);
            return {
              id: creative.id,
              name: creative.name,
              width: creative.width,
              height: creative.height,
              ...figures(row?.impressions ?? 0, row?.clicks ?? 0),
            };
          })
          .sort((a, b) => byImpressions(a, b) || a.name.localeCompare(b.name)),
        variants: perVariant.rows.map((row) => {
          const creativeName = creativeById.get(row.creative_id)?.name ?? `#${row.creative_id}`;
          return {
            creative_id: row.creative_id,
            creative_name: creativeName,
            rule_id: row.rule_id,
            reporting_label:
              row.rule_id === 0 ? creativeName : (labels.get(row.rule_id) ?? `Rule ${row.rule_id}`),
            ...figures(row.impressions, row.clicks),
          };
        }),
        variants_total: perVariant.total,
        tags: tags
          .map((tag) => {
            const row = statsByTag.get(tag.id);
            return { ...tag, ...figures(row?.impressions ?? 0, row?.clicks ?? 0) };
          })
          .sort((a, b) => byImpressions(a, b) || a.name.localeCompare(b.name) || a.id - b.id),
      };
    },

    /**
     * What changed in the campaign since `since`: creatives added, status moves of the campaign and
     * its creatives, publishers' decisions — newest first, at most REPORT_NEWS_MAX.
     */
    async news(companyId: number, campaignId: number, since: string): Promise<ReportNews> {
      const [added, moves, decisions] = await Promise.all([
        reports.creativesAddedSince(companyId, campaignId, since, REPORT_NEWS_MAX),
        reports.statusMovesSince(companyId, campaignId, since, REPORT_NEWS_MAX),
        reports.decisionsSince(companyId, campaignId, since, REPORT_NEWS_MAX),
      ]);
      const items: ReportNews['items'] = [
        ...added.map((row) => ({
          kind: 'new_creative' as const,
          at: row.created_at,
          creative: { id: row.id, name: row.name },
          from: null,
          to: null,
          publisher: null,
        })),
        ...moves.map((row) => {
          const [from, to] = parseJson<{ status?: [unknown, unknown] }>(row.changes, {}).status ?? [];
          return {
            kind: 'status' as const,
            at: row.created_at,
            creative:
              row.creative_id === null ? null : { id: row.creative_id, name: row.creative_name ?? '' },
            from: typeof from === 'string' ? from : null,
            to: typeof to === 'string' ? to : null,
            publisher: null,
          };
        }),
        ...decisions.map((row) => ({
          kind: 'approval' as const,
          at: row.decided_at ?? since,
          creative: { id: row.creative_id, name: row.creative_name },
          from: null,
          to: row.status,
          publisher: row.publisher,
        })),
      ];
      items.sort((a, b) => b.at.localeCompare(a.at));
      return { since, items: items.slice(0, REPORT_NEWS_MAX) };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
