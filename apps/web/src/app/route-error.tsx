import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { PageTitle } from '../components/ui/page-title';
import { href } from '../config/paths';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { reportError } from '../lib/integrations';

function ErrorContent({ fullPage }: { fullPage: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound && !isRouteErrorResponse(error)) reportError(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <Box sx={{ p: fullPage ? 6 : 2, maxWidth: 640, mx: fullPage ? 'auto' : 0 }}>
      <PageTitle sx={{ mb: 1 }}>Something went wrong</PageTitle>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {chunkFailed
          ? 'A new version of Adstudio is available. Reload the page to continue.'
          : 'This screen could not be shown. Our engineers have been notified.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component={RouterLink} to={href('dashboard')}>
          Go to dashboard
        </Button>
      </Box>
    </Box>
  );
}

/** Errors inside the shell or a token page: the frame stays, the view shows the problem. */
export const RouteError = () => <ErrorContent fullPage={false} />;
/** Errors above every layout. */
export const RootError = () => <ErrorContent fullPage />;
