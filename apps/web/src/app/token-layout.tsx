import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation } from 'react-router';
import { Logo } from './shell/logo';

/** Token pages (preview, report, approvals): shared with external parties, no sign-in, no app menus. */
export function TokenLayout() {
  const location = useLocation();
  // One link is one page: moving between its variants, approvals or timeframes keeps it mounted.
  const link = location.pathname.split('/').slice(0, 3).join('/');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="default" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <Logo linked={false} />
          <Typography variant="body2" color="textSecondary" sx={{ ml: 'auto' }}>
            Shared with you
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }} key={link}>
        <Outlet />
      </Container>
    </Box>
  );
}
