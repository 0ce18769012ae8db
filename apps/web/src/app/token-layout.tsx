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
      <Container component="main" maxWidth="lg" sx={{ py: 3 }} key={`${location.pathname}${location.search}`}>
        <Outlet />
      </Container>
    </Box>
  );
}
