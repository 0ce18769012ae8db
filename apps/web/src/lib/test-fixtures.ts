import { type Creative, ROTATION_DEFAULTS, type User } from '@adstudio/contract';

/** For tests: Ada, signed in with `permissions` and `roles`. */
export const testUser = (permissions: string[] = [], roles: string[] = []): User => ({
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  company_id: 1,
  roles,
  permissions,
});

/** For tests: a list answer of one page holding `data`, `perPage` a page. */
export const onePage = <T>(data: T[], perPage = 20) => ({
  data,
  links: { first: '', last: '', prev: null, next: null },
  meta: {
    current_page: 1,
    from: data.length ? 1 : null,
    last_page: 1,
    path: '',
    per_page: perPage,
    to: data.length || null,
    total: data.length,
  },
});

/** A draft 300 × 250 creative of campaign 3 ("Summer"), without feed, with `changes` over it. */
export const testCreative = (changes: Partial<Creative> = {}): Creative => ({
  id: 7,
  campaign_id: 3,
  campaign: { id: 3, name: 'Summer', status: 'draft' },
  name: 'Banner',
  width: 300,
  height: 250,
  status: 'draft',
  click_url: null,
  profile_id: null,
  rule_filter: null,
  fallback_asset_id: null,
  ...ROTATION_DEFAULTS,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
  allowed_statuses: [],
  ...changes,
});
