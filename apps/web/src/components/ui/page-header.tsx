import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageTitle } from './page-title';

/** The heading of a screen (its title takes focus after a page change), with optional actions on the right. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <PageTitle>{title}</PageTitle>
        {subtitle ? (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>{actions}</Box> : null}
    </Box>
  );
}
