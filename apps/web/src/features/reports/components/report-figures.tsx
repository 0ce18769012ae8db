import type { ReportFigures as Figures } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/format';
import { formatRate, formatValue } from '../report-format';

/**
 * The timeframe's totals as figure cards, traffic then conversions: a description list, so each
 * number keeps its name. Three a row from a tablet up; on a phone a card is a line, its name beside
 * its figure, so six of them take little more than a screen's third and a long value still fits.
 */
export function ReportFigures({ totals }: { totals: Figures }) {
  const figures = [
    { label: 'Impressions', value: formatCount(totals.impressions) },
    { label: 'Clicks', value: formatCount(totals.clicks) },
    { label: 'CTR', value: formatRate(totals.ctr) },
    { label: 'Conversions', value: formatCount(totals.conversions) },
    { label: 'CVR', value: formatRate(totals.cvr) },
    { label: 'Value', value: formatValue(totals.value) },
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        m: 0,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {figures.map((figure) => (
        <Paper
          key={figure.label}
          variant="outlined"
          sx={{
            px: 2,
            py: { xs: 1, sm: 2 },
            display: { xs: 'flex', sm: 'block' },
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: 2,
          }}
          data-testid={`total-${figure.label}`}
        >
          <Typography component="dt" variant="body2" color="textSecondary">
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              minWidth: 0,
              textAlign: { xs: 'right', sm: 'left' },
              fontSize: { xs: '1.25rem', sm: '1.75rem' },
              fontWeight: 600,
              lineHeight: 1.3,
              overflowWrap: 'anywhere',
            }}
          >
            {figure.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
