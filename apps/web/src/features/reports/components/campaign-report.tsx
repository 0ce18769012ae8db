import type { ReportFigures as Figures, CampaignReport as Report } from '@adstudio/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { EmptyState, LoadingState } from '../../../components/ui/states';
import { formatCount, formatDate } from '../../../lib/format';
import type { Timeframe } from '../../../lib/timeframe';
import {
  type CreativeRow,
  creativesCsv,
  csvFilename,
  type DayRow,
  dailyCsv,
  downloadCsv,
  liftCsv,
  type TagRow,
  tagsCsv,
  type VariantRow,
  variantsCsv,
} from '../report-csv';
import { formatRange, formatRate, formatValue } from '../report-format';
import type { SortState } from '../report-sort';
import { LiftSection } from './lift-section';
import { ReportFigures } from './report-figures';
import { type ReportColumn, ReportTable } from './report-table';
import { TimeframePicker } from './timeframe-picker';

const DailyChart = lazy(() => import('./daily-chart').then((module) => ({ default: module.DailyChart })));

const BY_IMPRESSIONS: SortState = { by: 'impressions', direction: 'desc' };
const BY_DAY: SortState = { by: 'day', direction: 'asc' };

const figureColumns = <R extends Figures>(): ReportColumn<R>[] => [
  {
    id: 'impressions',
    label: 'Impressions',
    numeric: true,
    value: (row) => row.impressions,
    render: (row) => formatCount(row.impressions),
  },
  {
    id: 'clicks',
    label: 'Clicks',
    numeric: true,
    value: (row) => row.clicks,
    render: (row) => formatCount(row.clicks),
  },
  { id: 'ctr', label: 'CTR', numeric: true, value: (row) => row.ctr, render: (row) => formatRate(row.ctr) },
  {
    id: 'conversions',
    label: 'Conversions',
    numeric: true,
    value: (row) => row.conversions,
    render: (row) => formatCount(row.conversions),
  },
  { id: 'cvr', label: 'CVR', numeric: true, value: (row) => row.cvr, render: (row) => formatRate(row.cvr) },
  {
    id: 'value',
    label: 'Value',
    numeric: true,
    value: (row) => row.value,
    render: (row) => formatValue(row.value),
  },
];

const CREATIVE_COLUMNS: readonly ReportColumn<CreativeRow>[] = [
  { id: 'name', label: 'Creative', value: (row) => row.name },
  {
    id: 'size',
    label: 'Size',
    numeric: true,
    value: (row) => row.width * row.height,
    render: (row) => `${row.width} × ${row.height}`,
  },
  ...figureColumns<CreativeRow>(),
];

const DAY_COLUMNS: readonly ReportColumn<DayRow>[] = [
  { id: 'day', label: 'Day', value: (row) => row.day, render: (row) => formatDate(row.day) },
  ...figureColumns<DayRow>(),
];

const VARIANT_COLUMNS: readonly ReportColumn<VariantRow>[] = [
  { id: 'creative', label: 'Creative', value: (row) => row.creative_name },
  { id: 'variant', label: 'Variant', value: (row) => row.reporting_label },
  ...figureColumns<VariantRow>().flatMap((column) =>
    column.id === 'ctr'
      ? [
          column,
          // How sure each variant's CTR is: its 95 % interval (issue 46).
          {
            id: 'ctr_interval',
            label: 'CTR 95 % interval',
            numeric: true,
            value: (row: VariantRow) => row.ctr_low,
            render: (row: VariantRow) => `${formatRate(row.ctr_low)} – ${formatRate(row.ctr_high)}`,
          },
        ]
      : [column],
  ),
];

const TAG_COLUMNS: readonly ReportColumn<TagRow>[] = [
  {
    id: 'name',
    label: 'Tag',
    value: (row) => row.name,
    render: (row) =>
      row.revoked_at ? (
        <>
          {row.name}
          <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
            Revoked
          </Typography>
        </>
      ) : (
        row.name
      ),
  },
  { id: 'creative', label: 'Creative', value: (row) => row.creative_name },
  {
    id: 'publisher',
    label: 'Publisher',
    value: (row) => row.media_entity_name ?? '',
    render: (row) => row.media_entity_name ?? '—',
  },
  ...figureColumns<TagRow>(),
];

function ChartSection({ report, headingLevel }: { report: Report; headingLevel: 2 | 3 }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h3" component={`h${headingLevel}`} sx={{ mb: 1 }}>
        Per day
      </Typography>
      <Suspense fallback={<LoadingState label="Loading the chart…" />}>
        <DailyChart daily={report.daily} />
      </Suspense>
    </Paper>
  );
}

/**
 * A campaign's report, on the shared link's page and on the campaign's sharing tab: the totals, the
 * days, the holdout's lift when a creative has one, and the creatives, tags and variants as
 * sortable tables to export. With `onTimeframe` it has its
 * own timeframe picker, within the report's bounds.
 */
export function CampaignReport({
  report,
  timeframe = null,
  onTimeframe,
  updating = false,
  headingLevel = 2,
}: {
  report: Report;
  /** The timeframe asked for; null for the whole one. */
  timeframe?: Timeframe | null;
  onTimeframe?: (timeframe: Timeframe | null) => void;
  /** Another timeframe is loading: `report` is the one shown before. */
  updating?: boolean;
  /** The level of the report's section headings (2 under the page's title, 3 inside a tab's section). */
  headingLevel?: 2 | 3;
}) {
  const traffic = report.totals.impressions > 0 || report.totals.clicks > 0;
  const save = (table: string, text: string) => downloadCsv(csvFilename(report, table), text);

  return (
    // One column as wide as the page, never wider: the tables scroll inside their own box.
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }} aria-busy={updating}>
      {onTimeframe ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <TimeframePicker
            key={`${report.start}-${report.end}`}
            value={timeframe}
            onChange={onTimeframe}
            bounds={report.bounds}
            shown={{ start: report.start, end: report.end }}
          />
        </Paper>
      ) : null}
      <Box>
        <Typography variant="body2" color="textSecondary" data-testid="report-range">
          {updating ? 'Loading the timeframe…' : `Showing ${formatRange(report.start, report.end)}.`}
        </Typography>
        {/* Mounted only while loading: a hidden bar would animate for as long as the page is open. */}
        {updating ? (
          <LinearProgress aria-label="Loading the timeframe" sx={{ mt: 0.5 }} />
        ) : (
          <Box sx={{ mt: 0.5, height: 4 }} />
        )}
      </Box>
      <ReportFigures totals={report.totals} />
      {traffic ? (
        <>
          <ChartSection report={report} headingLevel={headingLevel} />
          {report.lift.creatives.length > 0 ? (
            <LiftSection
              lift={report.lift}
              headingLevel={headingLevel}
              onExport={(rows) => save('lift', liftCsv(rows))}
            />
          ) : null}
          <ReportTable
            title="By day"
            headingLevel={headingLevel}
            columns={DAY_COLUMNS}
            rows={report.daily}
            rowKey={(row) => row.day}
            defaultSort={BY_DAY}
            onExport={(rows) => save('days', dailyCsv(rows))}
          />
          <ReportTable
            title="By creative"
            headingLevel={headingLevel}
            columns={CREATIVE_COLUMNS}
            rows={report.creatives}
            rowKey={(row) => row.id}
            defaultSort={BY_IMPRESSIONS}
            onExport={(rows) => save('creatives', creativesCsv(rows))}
          />
          <ReportTable
            title="By tag"
            headingLevel={headingLevel}
            columns={TAG_COLUMNS}
            rows={report.tags}
            rowKey={(row) => row.id}
            defaultSort={BY_IMPRESSIONS}
            onExport={(rows) => save('tags', tagsCsv(rows))}
            empty="No tag served in this timeframe."
          />
          <ReportTable
            title="By variant"
            headingLevel={headingLevel}
            columns={VARIANT_COLUMNS}
            rows={report.variants}
            rowKey={(row) => `${row.creative_id}-${row.rule_id}`}
            defaultSort={BY_IMPRESSIONS}
            onExport={(rows) => save('variants', variantsCsv(rows))}
            footer={
              report.variants_total > report.variants.length ? (
                <Typography variant="body2" color="textSecondary">
                  {formatCount(report.variants_total)} variants had traffic; the first{' '}
                  {formatCount(report.variants.length)} are listed.
                </Typography>
              ) : null
            }
          />
        </>
      ) : (
        <Paper variant="outlined">
          <EmptyState title="No impressions in this timeframe yet." />
        </Paper>
      )}
    </Box>
  );
}
