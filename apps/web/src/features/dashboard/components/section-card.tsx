import { STATUSES } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
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
  statusHref,
}: {
  title: string;
  to: string;
  total: number;
  byStatus?: Record<string, number> | undefined;
  colour: string;
  /** The section's list filtered to one status; without it the counts are not links. */
  statusHref?: ((status: string) => string) | undefined;
}) {
  const statuses = Object.entries(byStatus ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99) || a.localeCompare(b));
  return (
    <Card
      sx={{ height: '100%', borderTop: 3, borderTopColor: colour, display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ alignItems: 'flex-start' }}>
        <CardContent sx={{ pb: byStatus ? 1 : undefined }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1rem', color: 'text.secondary' }}>
            {title}
          </Typography>
          <Typography
            sx={{ fontSize: '2rem', fontWeight: 500, lineHeight: 1.3 }}
            data-testid={`total-${title.toLowerCase()}`}
          >
            {total.toLocaleString()}
          </Typography>
        </CardContent>
      </CardActionArea>
      {byStatus ? (
        <CardContent sx={{ pt: 0 }}>
          {statuses.length ? (
            <Box
              component="ul"
              aria-label={`${title} by status`}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
            >
              {statuses.map(([status, count]) => {
                const content = (
                  <>
                    <StatusChip status={status} sx={statusHref ? { cursor: 'pointer' } : undefined} />
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ fontWeight: 500, color: 'text.primary' }}
                    >
                      {count}
                    </Typography>
                  </>
                );
                return (
                  <Box component="li" key={status}>
                    {statusHref ? (
                      <Link
                        component={RouterLink}
                        to={statusHref(status)}
                        underline="none"
                        aria-label={`${count} ${status}: show them`}
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, borderRadius: 4 }}
                      >
                        {content}
                      </Link>
                    ) : (
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        {content}
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Box>
          ) : (
            <Typography variant="body2" color="textSecondary">
              Nothing here yet
            </Typography>
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}
