/**
 * Every route path and named route of the app (spec section 2). Navigation goes through `href`,
 * so a path changes in one place only.
 */
export const ROUTES = {
  home: { path: '/', title: undefined },
  login: { path: '/login', title: 'Login' },
  logout: { path: '/logout', title: 'Sign out' },
  redirect: { path: '/redirect/*', title: 'Redirecting' },
  dashboard: { path: '/dashboard', title: 'Dashboard' },

  'campaigns.view': { path: '/campaigns', title: 'Campaigns' },
  'campaigns.new': { path: '/campaigns/new', title: 'New Campaign' },
  'campaign.view': { path: '/campaigns/:id', title: 'Campaign' },
  'campaign.viewreport': { path: '/campaigns/:id/viewreport/:start/:end', title: 'Campaign' },

  'assets.view': { path: '/assets', title: 'Assets' },
  'assets.creative': { path: '/assets/creative/:id', title: 'Creative Assets' },
  'assets.campaign': { path: '/assets/campaign/:id', title: 'Campaign Creatives' },

  'creatives.view': { path: '/creatives', title: 'Creatives' },
  'creatives.new': { path: '/creatives/new', title: 'New Creative' },
  'creatives.new.campaign': { path: '/creatives/new/:campaignId', title: 'New Creative' },
  'creative.view': { path: '/creatives/:id', title: 'Creative' },

  'profiles.view': { path: '/profiles', title: 'Profiles' },
  'profiles.new': { path: '/profiles/new', title: 'New Profile' },
  'profile.view': { path: '/profiles/:id', title: 'Profile' },
  'profile.errors.view': { path: '/profiles/:id/errors', title: 'Profile Errors' },

  'conditions.view': { path: '/conditions', title: 'Conditions' },
  'conditions.new': { path: '/conditions/new', title: 'New Condition' },
  'condition.view': { path: '/conditions/:id', title: 'Condition' },
  // Data sources live under Conditions (docs/design.md §6): their names contain no "condition", so
  // the sidebar matches them to the section itself.
  'datasources.view': { path: '/conditions/data-sources', title: 'Data Sources' },
  'datasources.new': { path: '/conditions/data-sources/new', title: 'New Data Source' },
  'datasource.view': { path: '/conditions/data-sources/:id', title: 'Data Source' },

  externalpreview: { path: '/externalpreview/:token/:profileRuleId?', title: 'Creative Preview' },
  externalreport: { path: '/externalreport/:token', title: 'Campaign Report' },
  approvals: { path: '/approvals/:token/:approvalId?', title: 'Approvals' },
  invitation: { path: '/invitation/:token', title: 'Join Adstudio' },
  'forgot-password': { path: '/forgot-password', title: 'Forgot password' },
  'reset-password': { path: '/reset-password/:token', title: 'Choose a new password' },

  myaccount: { path: '/myaccount', title: 'Account' },
  settings: { path: '/settings', title: 'Settings' },
  help: { path: '/help', title: 'Help' },
  feedback: { path: '/feedback', title: 'Feedback' },
  notfound: { path: '*', title: 'Not Found' },
} as const satisfies Record<string, { path: string; title: string | undefined }>;

export type RouteName = keyof typeof ROUTES;
type PathOf<N extends RouteName> = (typeof ROUTES)[N]['path'];

type Segment<S extends string> = S extends `:${infer P}?`
  ? { optional: P }
  : S extends `:${infer P}`
    ? { required: P }
    : never;
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Segment<Head> | Segments<Tail>
  : Segment<P>;
type ParamValue = string | number;
type ParamsOf<P extends string> = {
  [K in Extract<Segments<P>, { required: string }>['required']]: ParamValue;
} & {
  [K in Extract<Segments<P>, { optional: string }>['optional']]?: ParamValue | null;
};
export type RouteParams<N extends RouteName> = ParamsOf<PathOf<N>>;

type HrefArgs<N extends RouteName> = N extends RouteName
  ? keyof RouteParams<N> extends never
    ? [params?: undefined, search?: Record<string, string | undefined>]
    : [params: RouteParams<N>, search?: Record<string, string | undefined>]
  : never;

/** The routes of one item (`/{section}/:id`), which the sidebar links to when the item is open. */
export type ItemRouteName =
  | 'campaign.view'
  | 'creative.view'
  | 'profile.view'
  | 'condition.view'
  | 'datasource.view';

export const isRouteName = (name: string): name is RouteName => Object.hasOwn(ROUTES, name);

/** The href of a named route, e.g. `href('campaign.view', { id: 42 })` → `/campaigns/42`. */
export function href<N extends RouteName>(name: N, ...[params, search]: HrefArgs<N>): string {
  const values = (params ?? {}) as Record<string, ParamValue | null | undefined>;
  const path = ROUTES[name].path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return segment === '*' ? [] : [segment];
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = values[key];
      if (value === undefined || value === null || value === '') {
        if (optional) return [];
        throw new Error(`Route ${name} needs the parameter "${key}"`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  const query = new URLSearchParams(
    Object.entries(search ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return `${path || '/'}${query ? `?${query}` : ''}`;
}

/** What the router keeps on each route: its name (sidebar highlight) and title (document title). */
export interface RouteHandle {
  name?: RouteName;
  title?: string;
}

export const handleOf = (name: RouteName): RouteHandle => ({ name, title: ROUTES[name].title });
