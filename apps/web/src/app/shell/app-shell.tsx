import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { GlobalSearch } from '../../features/search/components/global-search';
import { useUser } from '../../lib/auth';
import { identifyUser } from '../../lib/integrations';
import { HydrateFallback } from '../hydrate-fallback';
import { MOBILE_BREAKPOINT } from '../theme';
import { Logo } from './logo';
import { PageView } from './page-view';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

export const DRAWER_WIDTH = 256;

// Seen only by a user whose company requires two-factor sign-in they have not set up: not in the first load.
const TwoFactorRequiredPage = lazy(() =>
  import('../../features/account/two-factor-required-page').then((module) => ({
    default: module.TwoFactorRequiredPage,
  })),
);

/** The signed-in frame: toolbar, sidebar, view area and a skip link for keyboard users. */
export function AppShell() {
  const user = useUser();
  const navigation = useNavigation();
  const desktop = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = desktop ? desktopOpen : mobileOpen;

  useEffect(() => {
    identifyUser(user);
  }, [user]);

  const toggle = () => (desktop ? setDesktopOpen((v) => !v) : setMobileOpen((v) => !v));
  const closeMobile = desktop ? undefined : () => setMobileOpen(false);

  if (!user?.id) return null;
  if (user.two_factor_setup_required)
    return (
      <Suspense fallback={<HydrateFallback />}>
        <TwoFactorRequiredPage logo={<Logo linked={false} />} />
      </Suspense>
    );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'text.primary',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <AppBar
        position="fixed"
        color="default"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <IconButton
            edge="start"
            onClick={toggle}
            aria-label={open ? 'Hide navigation' : 'Show navigation'}
            aria-expanded={open}
            aria-controls="app-sidebar"
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            <Logo />
          </Box>
          <Box
            sx={{ flex: 1, display: 'flex', justifyContent: { xs: 'flex-start', md: 'center' }, minWidth: 0 }}
          >
            <GlobalSearch />
          </Box>
          <UserMenu />
        </Toolbar>
        {navigation.state === 'loading' ? (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }}
          />
        ) : null}
      </AppBar>
      <Drawer
        id="app-sidebar"
        variant={desktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setMobileOpen(false)}
        sx={{
          width: desktop && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          transition: (theme) => theme.transitions.create('width'),
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar aria-hidden />
        <Sidebar onNavigate={closeMobile} />
      </Drawer>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3 }, py: 3, outline: 'none' }}
      >
        <Toolbar aria-hidden />
        <PageView />
      </Box>
    </Box>
  );
}
