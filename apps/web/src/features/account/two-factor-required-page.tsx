import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { href } from '../../config/paths';
import { clearEarlyRequests } from '../../lib/early-requests';
import { TwoFactorSetup } from './components/two-factor-setup';

/**
 * The only screen of a user whose company requires two-factor sign-in while they have none, whatever
 * route they asked for (every other API call is refused until then): the set-up, and a way out.
 * Once confirmed, the user is read again and the app shows the route asked for.
 */
export function TwoFactorRequiredPage({ logo }: { logo: React.ReactNode }) {
  const queryClient = useQueryClient();
  // The page's requests were refused while the set-up was pending: they are asked again afresh.
  const dropRefused = () => {
    clearEarlyRequests();
    queryClient.removeQueries();
  };
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Box component="main" sx={{ width: '100%', maxWidth: 520 }}>
        <Card sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ mb: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            {logo}
            <Button component={RouterLink} to={href('logout')} startIcon={<LogoutIcon />} size="small">
              Sign out
            </Button>
          </Box>
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 1 }}>
            Set up two-factor sign-in
          </Typography>
          <TwoFactorSetup
            doneLabel="Continue to Adstudio"
            beforeDone={dropRefused}
            intro={
              <Typography color="textSecondary">
                Your company requires two-factor sign-in: after your password, signing in asks for a code of
                an authenticator app on your phone. Set it up to continue; nothing else is open until then.
              </Typography>
            }
          />
        </Card>
      </Box>
    </Box>
  );
}
