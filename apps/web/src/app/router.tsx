import { createBrowserRouter, type RouteObject } from 'react-router';
import { campaignsListRequest } from '../api/campaign-keys';
import { creativesListRequest } from '../api/creative-keys';
import { handleOf } from '../config/paths';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { registerNavigator } from '../lib/navigation';
import {
  homeLoader,
  loginLoader,
  logoutLoader,
  numericParam,
  redirectLoader,
  requireSection,
  requireUser,
} from './guards';
import { HydrateFallback } from './hydrate-fallback';
import { prefetchItemLoader, prefetchListLoader, prefetchLoader } from './prefetch';
import { RootLayout } from './root-layout';
import { RootError, RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/** Lazily loads a page component, so each screen is its own chunk. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

// Each list, form and view is its own chunk: the list carries the DataGrid, the forms the date pickers.
const campaignsList = () => import('../features/campaigns/campaigns-list-page');
const campaignNew = () => import('../features/campaigns/campaign-new-page');
const campaignView = () => import('./campaign-view-route');
const assetsPage = () => import('../features/assets/assets-page');
const campaignAssets = () => import('../features/assets/campaign-creatives-page');
const creativeAssets = () => import('../features/assets/creative-assets-page');
const creativesList = () => import('../features/creatives/creatives-list-page');
const creativeNew = () => import('../features/creatives/creative-new-page');
// The creative view with the assets section's tab, composed here (features do not import each other).
const creativeView = () => import('./creative-view-route');
const profilesList = () => import('../features/profiles/profiles-list-page');
const profileNew = () => import('../features/profiles/profile-new-page');
const profileView = () => import('../features/profiles/profile-view-page');
const profileErrors = () => import('../features/profiles/profile-errors-page');
const conditionsList = () => import('../features/conditions/conditions-list-page');
const conditionNew = () => import('../features/conditions/condition-new-page');
const conditionView = () => import('../features/conditions/condition-view-page');
const dataSourcesList = () => import('../features/conditions/data-sources-list-page');
const dataSourceNew = () => import('../features/conditions/data-source-new-page');
const dataSourceView = () => import('../features/conditions/data-source-view-page');

// Each page's requests start with the guard's: a list's from what its URL names (no schema), the
// others' from a loader that imports only its api file.
const campaignApi = () => import('../api/campaigns');
const creativeApi = () => import('../api/creatives');
const dashboardApi = () => import('../features/dashboard/api/get-dashboard');

const campaignLoader = prefetchItemLoader(
  'campaigns',
  async () => (await campaignApi()).campaignsApi.itemQueryOptions,
);

/** Signed-in screens, inside the shell. */
const restricted: RouteObject[] = [
  {
    path: '/dashboard',
    handle: handleOf('dashboard'),
    loader: prefetchLoader(async () => (await dashboardApi()).dashboardQueryOptions),
    lazy: page(
      () => import('../features/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  { path: '/redirect/*', handle: handleOf('redirect'), loader: redirectLoader, Component: HydrateFallback },
  {
    path: '/campaigns',
    loader: requireSection('campaigns'),
    children: [
      {
        index: true,
        handle: handleOf('campaigns.view'),
        loader: prefetchListLoader(campaignsListRequest),
        lazy: page(campaignsList, (m) => m.CampaignsListPage),
      },
      { path: 'new', handle: handleOf('campaigns.new'), lazy: page(campaignNew, (m) => m.CampaignNewPage) },
      {
        path: ':id',
        handle: handleOf('campaign.view'),
        loader: campaignLoader,
        lazy: page(campaignView, (m) => m.CampaignViewRoute),
      },
      {
        path: ':id/viewreport/:start/:end',
        handle: handleOf('campaign.viewreport'),
        loader: campaignLoader,
        lazy: page(campaignView, (m) => m.CampaignViewRoute),
      },
    ],
  },
  {
    path: '/assets',
    loader: requireSection('assets'),
    children: [
      { index: true, handle: handleOf('assets.view'), lazy: page(assetsPage, (m) => m.AssetsPage) },
      {
        path: 'creative/:id',
        handle: handleOf('assets.creative'),
        lazy: page(creativeAssets, (m) => m.CreativeAssetsPage),
      },
      {
        path: 'campaign/:id',
        handle: handleOf('assets.campaign'),
        lazy: page(campaignAssets, (m) => m.CampaignCreativesPage),
      },
    ],
  },
  {
    path: '/creatives',
    loader: requireSection('creatives'),
    children: [
      {
        index: true,
        handle: handleOf('creatives.view'),
        loader: prefetchListLoader(creativesListRequest),
        lazy: page(creativesList, (m) => m.CreativesListPage),
      },
      { path: 'new', handle: handleOf('creatives.new'), lazy: page(creativeNew, (m) => m.CreativeNewPage) },
      {
        path: 'new/:campaignId',
        handle: handleOf('creatives.new.campaign'),
        loader: numericParam('campaignId'),
        lazy: page(creativeNew, (m) => m.CreativeNewPage),
      },
      {
        path: ':id',
        handle: handleOf('creative.view'),
        loader: prefetchItemLoader(
          'creatives',
          async () => (await creativeApi()).creativesApi.itemQueryOptions,
        ),
        lazy: page(creativeView, (m) => m.CreativeViewRoute),
      },
    ],
  },
  {
    path: '/profiles',
    loader: requireSection('profiles'),
    children: [
      {
        index: true,
        handle: handleOf('profiles.view'),
        lazy: page(profilesList, (m) => m.ProfilesListPage),
      },
      { path: 'new', handle: handleOf('profiles.new'), lazy: page(profileNew, (m) => m.ProfileNewPage) },
      { path: ':id', handle: handleOf('profile.view'), lazy: page(profileView, (m) => m.ProfileViewPage) },
      {
        path: ':id/errors',
        handle: handleOf('profile.errors.view'),
        lazy: page(profileErrors, (m) => m.ProfileErrorsPage),
      },
    ],
  },
  {
    path: '/conditions',
    loader: requireSection('conditions'),
    children: [
      {
        index: true,
        handle: handleOf('conditions.view'),
        lazy: page(conditionsList, (m) => m.ConditionsListPage),
      },
      {
        path: 'new',
        handle: handleOf('conditions.new'),
        lazy: page(conditionNew, (m) => m.ConditionNewPage),
      },
      {
        path: 'data-sources',
        handle: handleOf('datasources.view'),
        lazy: page(dataSourcesList, (m) => m.DataSourcesListPage),
      },
      {
        path: 'data-sources/new',
        handle: handleOf('datasources.new'),
        lazy: page(dataSourceNew, (m) => m.DataSourceNewPage),
      },
      {
        path: 'data-sources/:id',
        handle: handleOf('datasource.view'),
        lazy: page(dataSourceView, (m) => m.DataSourceViewPage),
      },
      {
        path: ':id',
        handle: handleOf('condition.view'),
        lazy: page(conditionView, (m) => m.ConditionViewPage),
      },
    ],
  },
  {
    path: '/myaccount',
    handle: handleOf('myaccount'),
    lazy: page(
      () => import('../features/account/account-page'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: '/settings',
    handle: handleOf('settings'),
    lazy: page(
      () => import('../features/settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: '/help',
    handle: handleOf('help'),
    lazy: page(
      () => import('../features/help/help-page'),
      (m) => m.HelpPage,
    ),
  },
  {
    path: '/feedback',
    handle: handleOf('feedback'),
    lazy: page(
      () => import('../features/feedback/feedback-page'),
      (m) => m.FeedbackPage,
    ),
  },
  {
    path: '*',
    handle: handleOf('notfound'),
    // Already in the main chunk: the route error boundary shows it too.
    Component: NotFoundPage,
  },
];

/** Token pages: no sign-in, their own minimal layout. */
const tokenPages: RouteObject[] = [
  {
    path: '/externalpreview/:token/:profileRuleId?',
    handle: handleOf('externalpreview'),
    lazy: page(
      () => import('./external-preview-route'),
      (m) => m.ExternalPreviewRoute,
    ),
  },
  {
    path: '/externalreport/:token',
    handle: handleOf('externalreport'),
    lazy: page(
      () => import('../features/reports/report-page'),
      (m) => m.ExternalReportPage,
    ),
  },
  {
    path: '/approvals/:token/:approvalId?',
    handle: handleOf('approvals'),
    lazy: page(
      () => import('../features/approvals/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
];

/** Pages for someone not signed in yet: their own card layout, no app menus. */
const publicPages: RouteObject[] = [
  {
    path: '/invitation/:token',
    handle: handleOf('invitation'),
    lazy: page(
      () => import('../features/invitation/invitation-page'),
      (m) => m.InvitationPage,
    ),
  },
  {
    path: '/forgot-password',
    handle: handleOf('forgot-password'),
    lazy: page(
      () => import('../features/password-reset/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: '/reset-password/:token',
    handle: handleOf('reset-password'),
    lazy: page(
      () => import('../features/password-reset/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback,
    children: [
      { index: true, loader: homeLoader },
      { path: '/login', handle: handleOf('login'), loader: loginLoader, Component: HydrateFallback },
      { path: '/logout', handle: handleOf('logout'), loader: logoutLoader, Component: HydrateFallback },
      {
        // Only external parties open token pages: their layout is not part of the app's first load.
        lazy: page(
          () => import('./token-layout'),
          (m) => m.TokenLayout,
        ),
        children: [{ ErrorBoundary: RouteError, children: tokenPages }],
      },
      {
        lazy: page(
          () => import('./public-layout'),
          (m) => m.PublicLayout,
        ),
        children: [{ ErrorBoundary: RouteError, children: publicPages }],
      },
      {
        id: 'restricted',
        loader: requireUser,
        Component: AppShell,
        children: [{ ErrorBoundary: RouteError, children: restricted }],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}
