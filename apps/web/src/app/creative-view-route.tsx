import type { Creative, SimulationResult } from '@adstudio/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { AdFrame } from '../components/ui/ad-frame';
import { LoadingState } from '../components/ui/states';
import { TitledCard } from '../components/ui/titled-card';
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

/** Loads with the tab: the creative view's first load carries neither its table nor its dialogs. */
const AdTagsTab = lazy(() =>
  import('../features/ad-tags/components/ad-tags-tab').then((module) => ({ default: module.AdTagsTab })),
);

/** Loads when a tag's "Try it" opens: the Tags tab's first load carries none of the simulator's form. */
const TagTrial = lazy(() => import('./tag-trial').then((module) => ({ default: module.TagTrial })));

const tagsTab = (creative: Creative) => (
  <Suspense fallback={<LoadingState label="Loading tags…" />}>
    <AdTagsTab
      creative={creative}
      tryIt={(tag) => (
        <Suspense fallback={<LoadingState label="Loading Try it…" />}>
          {/* Another tag starts from an empty form. */}
          <TagTrial key={tag.id} creative={creative} tag={tag} />
        </Suspense>
      )}
    />
  </Suspense>
);

/** The conditions section's simulator, loaded with the preview tab of a feed-driven creative. */
const CreativeSimulator = lazy(() =>
  import('../features/conditions/components/simulator/creative-simulator').then((module) => ({
    default: module.CreativeSimulator,
  })),
);

/** The variants side by side, loaded with the preview tab of a feed-driven creative. */
const VariantGrid = lazy(() =>
  import('../features/variants/components/variant-grid').then((module) => ({ default: module.VariantGrid })),
);

/** Loads with the tab: the creative view's first load carries none of QA's screens. */
const QaTab = lazy(() =>
  import('../features/qa/components/qa-tab').then((module) => ({ default: module.QaTab })),
);

/** The newest QA run's verdict beside the way to live, loaded after the page's first load. */
const QaVerdictChip = lazy(() =>
  import('../features/qa/components/qa-verdict-chip').then((module) => ({ default: module.QaVerdictChip })),
);

const qaTab = (creative: Creative) => (
  <Suspense fallback={<LoadingState label="Loading QA…" />}>
    <QaTab creative={creative} />
  </Suspense>
);

/** Nothing holds its place while it loads: the chip appears under the way to live. */
const qaVerdict = (creative: Creative) => (
  <Suspense fallback={null}>
    <QaVerdictChip creative={creative} />
  </Suspense>
);

/** The simulated viewer's variant, rendered in the sandbox: the newest approved package with the rule's content. */
const renderedVariant = (creative: Creative) => (result: SimulationResult) => {
  if (!result.rule) return null;
  if (!result.render_url)
    return (
      <Typography variant="body2" color="textSecondary">
        No package is approved yet, so the variant cannot render here.
      </Typography>
    );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        The variant as it renders
      </Typography>
      <AdFrame
        // Another rule is another ad: it starts from the beginning.
        key={result.rule.id}
        src={result.render_url}
        width={creative.width}
        height={creative.height}
        title={`Rendered variant: ${result.rule.reporting_label || result.rule.unique_id}`}
        maxHeight={400}
      />
    </Stack>
  );
};

/**
 * The preview, and for a creative driven by a feed, its variants side by side and which of its
 * rules a given viewer would see.
 */
const previewTab = (creative: Creative) => (
  <Stack spacing={3}>
    <PreviewTab creative={creative} />
    {creative.profile_id !== null && (
      <TitledCard
        title="Variants"
        subheader="Every rule of the feed this creative serves, side by side: live, or its backup image once one is rendered."
      >
        <Suspense fallback={<LoadingState label="Loading the variants…" />}>
          <VariantGrid creative={creative} />
        </Suspense>
      </TitledCard>
    )}
    {creative.profile_id !== null && (
      <TitledCard
        title="Simulate a viewer"
        subheader="Set a time, place, device or data source value and see which rule this viewer gets, and why."
      >
        <Suspense fallback={<LoadingState label="Loading the simulator…" />}>
          <CreativeSimulator creativeId={creative.id} renderVariant={renderedVariant(creative)} />
        </Suspense>
      </TitledCard>
    )}
  </Stack>
);

/** The tabs other sections give the creative view; features never import each other. */
const sectionTabs: SectionTabs = {
  assets: assetsTab,
  packages: (creative) => <PackagesTab creative={creative} />,
  'dynamic-code': (creative) => <DynamicCodeTab creative={creative} />,
  preview: previewTab,
  qa: qaTab,
  tags: tagsTab,
};

/** `/creatives/{id}`: the creatives section's view with the other sections' tabs, composed here. */
export function CreativeViewRoute() {
  return <CreativeViewPage sectionTabs={sectionTabs} statusAside={qaVerdict} />;
}
