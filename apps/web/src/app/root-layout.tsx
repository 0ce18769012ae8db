import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { resolveTitle } from '../lib/title';
import { AlertBanner } from './shell/alert-banner';

/** Keeps `document.title` on the deepest matched route's title. */
function DocumentTitle() {
  const title = resolveTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <AlertBanner />
    </>
  );
}
