import type { CampaignReport } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatCount } from '../../../lib/format';
import { chartDayLabel, partialDayOf, todayUtc } from '../report-format';

const COMPACT = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

/** Past about six weeks the dots on every day hide the lines. */
const MARKS_MAX_DAYS = 45;

/**
 * Impressions and clicks per day: impressions on the left axis, clicks (a hundredth of them or
 * less) on the right one, so both lines say something. Its own module: the chart library is loaded
 * only where a chart is drawn.
 */
export function DailyChart({
  daily,
  today = todayUtc(),
}: {
  daily: CampaignReport['daily'];
  today?: string;
}) {
  // Today's figures are still being counted: the day is marked, not drawn as a fall.
  const partialDay = partialDayOf(daily, today);
  const marks = daily.length <= MARKS_MAX_DAYS;
  const count = (value: number | null) => (value === null ? '' : formatCount(value));
  // Ticks say 20K, not a number the axis cuts off; tooltips keep every digit.
  const axisCount = (value: number | null, context: { location: string }) =>
    value === null ? '' : context.location === 'tick' ? COMPACT.format(value) : formatCount(value);
  return (
    // The chart's own svg label is an aria-label on an svg without a role (refused by axe): the figure names it.
    <Box component="figure" aria-label="Impressions and clicks per day" sx={{ m: 0 }}>
      <LineChart
        height={300}
        xAxis={[
          {
            scaleType: 'point',
            data: daily.map((row) => row.day),
            valueFormatter: (day: string, context) =>
              chartDayLabel(day, context.location === 'tick' ? 'tick' : 'tooltip', partialDay),
          },
        ]}
        yAxis={[
          { id: 'impressions', label: 'Impressions', valueFormatter: axisCount, width: 64 },
          { id: 'clicks', label: 'Clicks', position: 'right', valueFormatter: axisCount, width: 56 },
        ]}
        series={[
          {
            label: 'Impressions',
            data: daily.map((row) => row.impressions),
            yAxisId: 'impressions',
            curve: 'linear',
            showMark: marks,
            valueFormatter: count,
          },
          {
            label: 'Clicks',
            data: daily.map((row) => row.clicks),
            yAxisId: 'clicks',
            curve: 'linear',
            showMark: marks,
            valueFormatter: count,
          },
        ]}
        grid={{ horizontal: true }}
      >
        {partialDay ? (
          <ChartsReferenceLine
            x={partialDay}
            label="Today so far"
            labelAlign="start"
            lineStyle={{ strokeDasharray: '4 4' }}
          />
        ) : null}
      </LineChart>
      {partialDay ? (
        <Typography component="figcaption" variant="caption" color="textSecondary">
          Today’s figures are partial: the day is still being counted.
        </Typography>
      ) : null}
    </Box>
  );
}
