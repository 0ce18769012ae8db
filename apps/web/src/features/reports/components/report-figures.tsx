import type { ReportFigures as Figures } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/format';
import { formatCtr } from '../report-format';

/** The timeframe's totals as three figure cards: a description list, so each number keeps its name. */
export function ReportFigures({ totals }: { totals: Figures }) {
  const figures = [
    { label: 'Impressions', value: formatCount(totals.impressions) },
    { label: 'Clicks', value: formatCount(totals.clicks) },
    { label: 'CTR', value: formatCtr(totals.ctr) },
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {figures.map((figure) => (
        <Paper key={figure.label} variant="outlined" sx={{ p: 2 }} data-testid={`total-${figure.label}`}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {figure.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3 }}>
            {figure.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
