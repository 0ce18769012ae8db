import {
  type CampaignReport,
  newcombe,
  REPORT_DAYS_MAX,
  REPORT_NEWS_MAX,
  REPORT_VARIANTS_MAX,
  type ReportFigures,
  type ReportLift,
  type ReportNews,
  type ReportQuery,
  wilson,
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

/** Conversions and their value, as a report adds them up. */
interface Converted {
  conversions: number;
  value: number;
}
const NONE: Converted = { conversions: 0, value: 0 };

const figures = (
  impressions: number | string,
  clicks: number | string,
  converted: Converted = NONE,
): ReportFigures => {
  const i = Number(impressions);
  const c = Number(clicks);
  const { conversions, value } = converted;
  return {
    impressions: i,
    clicks: c,
    ctr: i > 0 ? c / i : 0,
    conversions,
    cvr: c > 0 ? conversions / c : 0,
    value,
  };
};

/** Sums of conversions by a key. */
function tally<R extends { conversions: number | string; value: number | string }, K>(
  rows: readonly R[],
  keyOf: (row: R) => K,
) {
  const sums = new Map<K, Converted>();
  for (const row of rows) {
    const key = keyOf(row);
    const known = sums.get(key) ?? { conversions: 0, value: 0 };
    known.conversions += Number(row.conversions);
    known.value += Number(row.value);
    sums.set(key, known);
  }
  return sums;
}

/** The 95 % Wilson interval of a CTR. */
const ctrInterval = (impressions: number | string, clicks: number | string) => {
  const { low, high } = wilson(Number(clicks), Number(impressions));
  return { ctr_low: low, ctr_high: high };
};

/** The dynamic arm: all views less the control's. */
const less = (all: ReportFigures, control: ReportFigures, converted: Converted) =>
  figures(all.impressions - control.impressions, all.clicks - control.clicks, converted);

/** A lift row: the arms, and the intervals of their CTR and CVR differences. */
function liftRow(
  base: Pick<ReportLift, 'creative_id' | 'creative_name' | 'tag_id' | 'tag_name' | 'holdout_percent'>,
  dynamic: ReportFigures,
  control: ReportFigures,
): ReportLift {
  return {
    ...base,
    dynamic,
    control,
    ctr_lift: newcombe(dynamic.clicks, dynamic.impressions, control.clicks, control.impressions),
    cvr_lift: newcombe(dynamic.conversions, dynamic.clicks, control.conversions, control.clicks),
  };
}
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

/**
 * The holdout's measure: per creative with a holdout now or control views in the days, the dynamic
 * views (all less the control's) against the control, and the same per tag of those creatives.
 */
function liftOf(
  creatives: readonly (ReportFigures & { id: number; name: string })[],
  tags: readonly (ReportFigures & { id: number; name: string; creative_id: number })[],
  creativeById: ReadonlyMap<number, { holdout_percent: number }>,
  controlViews: readonly {
    creative_id: number;
    tag_id: number;
    impressions: number | string;
    clicks: number | string;
  }[],
  /** Conversions per arm: by `{creative}.{tag}.{holdout}` and by `{creative}.{holdout}`. */
  converted: { byTag: ReadonlyMap<string, Converted>; byCreative: ReadonlyMap<string, Converted> },
): CampaignReport['lift'] {
  const control = new Map(controlViews.map((row) => [`${row.creative_id}.${row.tag_id}`, row]));
  /** A creative's conversions in one arm (1: the control), of one tag or of all its views. */
  const arm = (creativeId: number, tagId: number | null, holdout: 0 | 1): Converted =>
    (tagId === null
      ? converted.byCreative.get(`${creativeId}.${holdout}`)
      : converted.byTag.get(`${creativeId}.${tagId}.${holdout}`)) ?? NONE;
  const measured = creatives.filter(
    (creative) =>
      (creativeById.get(creative.id)?.holdout_percent ?? 0) > 0 ||
      controlViews.some((row) => row.creative_id === creative.id),
  );
  const rows: CampaignReport['lift'] = { creatives: [], tags: [] };
  for (const creative of measured) {
    const views = controlViews.filter((row) => row.creative_id === creative.id);
    const held = figures(
      views.reduce((n, row) => n + Number(row.impressions), 0),
      views.reduce((n, row) => n + Number(row.clicks), 0),
      arm(creative.id, null, 1),
    );
    const base = {
      creative_id: creative.id,
      creative_name: creative.name,
      holdout_percent: creativeById.get(creative.id)?.holdout_percent ?? 0,
    };
    rows.creatives.push(
      liftRow(
        { ...base, tag_id: null, tag_name: null },
        less(creative, held, arm(creative.id, null, 0)),
        held,
      ),
    );
    for (const tag of tags.filter((row) => row.creative_id === creative.id)) {
      const view = control.get(`${creative.id}.${tag.id}`);
      const tagHeld = figures(view?.impressions ?? 0, view?.clicks ?? 0, arm(creative.id, tag.id, 1));
      rows.tags.push(
        liftRow(
          { ...base, tag_id: tag.id, tag_name: tag.name },
          less(tag, tagHeld, arm(creative.id, tag.id, 0)),
          tagHeld,
        ),
      );
    }
  }
  return rows;
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

      const [daily, perCreative, perVariant, perTag, converted, controlViews] = await Promise.all([
        reports.daily(companyId, campaignId, start, end),
        reports.byCreative(companyId, campaignId, start, end),
        reports.byVariant(companyId, campaignId, start, end, REPORT_VARIANTS_MAX),
        reports.byTag(companyId, campaignId, start, end),
        reports.conversions(companyId, campaignId, start, end),
        reports.controlViews(companyId, campaignId, start, end),
      ]);
      type Row = (typeof converted)[number];
      const byDayConverted = tally(converted, (row: Row) => row.day);
      const byCreativeConverted = tally(converted, (row: Row) => row.creative_id);
      const byVariantConverted = tally(converted, (row: Row) => `${row.creative_id}.${row.rule_id}`);
      const byTagConverted = tally(converted, (row: Row) => row.tag_id);
      const byArmConverted = tally(
        converted,
        (row: Row) => `${row.creative_id}.${row.tag_id}.${row.holdout}`,
      );
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
        days.push({ day, ...figures(row?.impressions ?? 0, row?.clicks ?? 0, byDayConverted.get(day)) });
      }
      const totals = figures(
        days.reduce((n, day) => n + day.impressions, 0),
        days.reduce((n, day) => n + day.clicks, 0),
        {
          conversions: days.reduce((n, day) => n + day.conversions, 0),
          value: days.reduce((n, day) => n + day.value, 0),
        },
      );
      const creativeRows = creatives
        .filter((creative) => creative.deleted_at === null || statsByCreative.has(creative.id))
        .map((creative) => {
          const row = statsByCreative.get(creative.id);
          return {
            id: creative.id,
            name: creative.name,
            width: creative.width,
            height: creative.height,
            ...figures(row?.impressions ?? 0, row?.clicks ?? 0, byCreativeConverted.get(creative.id)),
          };
        })
        .sort((a, b) => byImpressions(a, b) || a.name.localeCompare(b.name));
      const tagRows = tags
        .map((tag) => {
          const row = statsByTag.get(tag.id);
          return { ...tag, ...figures(row?.impressions ?? 0, row?.clicks ?? 0, byTagConverted.get(tag.id)) };
        })
        .sort((a, b) => byImpressions(a, b) || a.name.localeCompare(b.name) || a.id - b.id);

      return {
        campaign: { id: campaign.id, name: campaign.name },
        start,
        end,
        bounds,
        totals,
        daily: days,
        creatives: creativeRows,
        variants: perVariant.rows.map((row) => {
          const creativeName = creativeById.get(row.creative_id)?.name ?? `#${row.creative_id}`;
          return {
            creative_id: row.creative_id,
            creative_name: creativeName,
            rule_id: row.rule_id,
            reporting_label:
              row.rule_id === 0 ? creativeName : (labels.get(row.rule_id) ?? `Rule ${row.rule_id}`),
            ...figures(
              row.impressions,
              row.clicks,
              byVariantConverted.get(`${row.creative_id}.${row.rule_id}`),
            ),
            ...ctrInterval(row.impressions, row.clicks),
          };
        }),
        variants_total: perVariant.total,
        tags: tagRows,
        lift: liftOf(creativeRows, tagRows, creativeById, controlViews, {
          byTag: byArmConverted,
          byCreative: tally(converted, (row: Row) => `${row.creative_id}.${row.holdout}`),
        }),
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
