import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Outlet } from 'react-router';
import { Logo } from './shell/logo';

/**
 * Pages for someone not signed in yet (an invitation's link): one centred card under the product
 * mark, as the sign-in page looks, without the app's menus.
 */
export function PublicLayout() {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Box component="main" sx={{ width: '100%', maxWidth: 440 }}>
        <Card sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ mb: 3 }}>
            <Logo linked={false} />
          </Box>
          <Outlet />
        </Card>
      </Box>
    </Box>
  );
}
