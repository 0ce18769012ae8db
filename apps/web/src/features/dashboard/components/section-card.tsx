import { STATUSES } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from '../../../components/ui/status-chip';

const ORDER = new Map<string, number>(STATUSES.map((status, index) => [status, index]));

/** A section's total and its counts per status. */
export function SectionCard({
  title,
  to,
  total,
  byStatus,
  colour,
}: {
  title: string;
  to: string;
  total: number;
  byStatus?: Record<string, number> | undefined;
  colour: string;
}) {
  const statuses = Object.entries(byStatus ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99) || a.localeCompare(b));
  return (
    <Card sx={{ height: '100%', borderTop: 3, borderTopColor: colour }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1rem', color: 'text.secondary' }}>
            {title}
          </Typography>
          <Typography
            sx={{ fontSize: '2rem', fontWeight: 500, lineHeight: 1.3 }}
            data-testid={`total-${title.toLowerCase()}`}
          >
            {total.toLocaleString()}
          </Typography>
          {byStatus ? (
            statuses.length ? (
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
              >
                {statuses.map(([status, count]) => (
                  <Box
                    component="li"
                    key={status}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    <StatusChip status={status} />
                    <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                      {count}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Nothing here yet
              </Typography>
            )
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
