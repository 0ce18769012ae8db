import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** A screen whose content a later release fills; it already has its route, title and guard. */
export function PlaceholderPage({ title, details }: { title: string; details?: React.ReactNode }) {
  return (
    <Box>
      <PageHeader title={title} subtitle={details} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <ConstructionIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          This screen is being built.
        </Typography>
      </Paper>
    </Box>
  );
}
