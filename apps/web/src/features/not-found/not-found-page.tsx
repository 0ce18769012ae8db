import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { href } from '../../config/paths';
import { isAuthenticated } from '../../lib/auth';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <PageTitle sx={{ mt: 2 }}>Page not found</PageTitle>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3, wordBreak: 'break-all' }}>
        There is nothing at <code>{location.pathname}</code>. It may have moved, or the link is wrong.
      </Typography>
      <Button variant="contained" component={RouterLink} to={href(isAuthenticated() ? 'dashboard' : 'home')}>
        Go to dashboard
      </Button>
    </Box>
  );
}
