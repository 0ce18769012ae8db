import type { Creative } from '@adstudio/contract';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/ui/states';
import { CreativeViewPage, type SectionTabs } from '../features/creatives/creative-view-page';
import { DynamicCodeTab } from '../features/dynamic-code/components/dynamic-code-tab';
import { PackagesTab } from '../features/packages/components/packages-tab';
import { PreviewTab } from '../features/packages/components/preview-tab';

/** Loads with the tab: the creative view's first load carries neither the grid nor the uploads. */
const CreativeAssets = lazy(() =>
  import('../features/assets/components/creative-assets').then((module) => ({
    default: module.CreativeAssets,
  })),
);

/** The creative view's Assets tab is the `/assets/creative/{id}` page's body. */
const assetsTab = (creative: Creative) => (
  <Suspense fallback={<LoadingState label="Loading assets…" />}>
    <CreativeAssets creativeId={creative.id} creative={creative} />
  </Suspense>
);

/** The tabs other sections give the creative view; features never import each other. */
const sectionTabs: SectionTabs = {
  assets: assetsTab,
  packages: (creative) => <PackagesTab creative={creative} />,
  'dynamic-code': (creative) => <DynamicCodeTab creative={creative} />,
  preview: (creative) => <PreviewTab creative={creative} />,
};

/** `/creatives/{id}`: the creatives section's view with the other sections' tabs, composed here. */
export function CreativeViewRoute() {
  return <CreativeViewPage sectionTabs={sectionTabs} />;
}
