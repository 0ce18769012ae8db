import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/ui/states';
import { ExternalPreviewPage } from '../features/preview/preview-page';

const loadSimulator = () => import('../features/conditions/components/simulator/outsider-simulator');

/**
 * The conditions section's simulator, read-only for outsiders: loaded only for a feed-driven
 * creative, once someone opens it.
 */
const OutsiderSimulator = lazy(() =>
  loadSimulator().then((module) => ({ default: module.OutsiderSimulator })),
);

/** `/externalpreview/{token}`: the shared preview, with the simulator of which variant a viewer gets. */
export function ExternalPreviewRoute() {
  return (
    <ExternalPreviewPage
      preloadSimulator={() => void loadSimulator()}
      simulator={(token, creative) => (
        <Suspense fallback={<LoadingState label="Loading the simulator…" />}>
          <OutsiderSimulator token={token} size={creative} />
        </Suspense>
      )}
    />
  );
}
