import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/ui/states';
import { ExternalPreviewPage } from '../features/preview/preview-page';

/** The conditions section's simulator, read-only for outsiders: loaded only for a feed-driven creative. */
const OutsiderSimulator = lazy(() =>
  import('../features/conditions/components/simulator/outsider-simulator').then((module) => ({
    default: module.OutsiderSimulator,
  })),
);

/** `/externalpreview/{token}`: the shared preview, with the simulator of which variant a viewer gets. */
export function ExternalPreviewRoute() {
  return (
    <ExternalPreviewPage
      simulator={(token, creative) => (
        <Suspense fallback={<LoadingState label="Loading the simulator…" />}>
          <OutsiderSimulator token={token} size={creative} />
        </Suspense>
      )}
    />
  );
}
