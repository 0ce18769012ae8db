import Box from '@mui/material/Box';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageFocusProvider } from '../../lib/page-focus';
import { resolvePage } from '../../lib/title';

/**
 * The view area's page: remounted whenever the full path changes (spec section 2), and its title
 * focused after a change of page (lib/page-focus.tsx).
 */
export function PageView() {
  const location = useLocation();
  const page = resolvePage(useMatches());
  return (
    <PageFocusProvider page={page} navigation={location.key}>
      <Box key={`${location.pathname}${location.search}`}>
        <Outlet />
      </Box>
    </PageFocusProvider>
  );
}
