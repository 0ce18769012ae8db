import type { User } from '@adstudio/contract';

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
