/**
 * Who may do what, shared by the server's guard and the SPA's guards, sidebar and buttons.
 * Spec section 6 and docs/design.md §6: entry to a section with `edit <section>`, `qa` or role admin;
 * writes with `edit <section>` or admin; the sidebar shows a section without counting `qa`.
 */
export const SECTIONS = ['campaigns', 'assets', 'creatives', 'profiles', 'conditions'] as const;
export type Section = (typeof SECTIONS)[number];

export const PERMISSIONS = [
  'edit campaigns',
  'edit assets',
  'edit creatives',
  'edit profiles',
  'edit conditions',
  'qa',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

export type AccessAction = 'read' | 'write' | 'sidebar';

export interface AccessSubject {
  roles: readonly string[];
  permissions: readonly string[];
}

export const isAdmin = (user: AccessSubject): boolean => user.roles.includes('admin');
export const isQa = (user: AccessSubject): boolean => user.permissions.includes('qa');

export function canAccess(
  user: AccessSubject | null | undefined,
  section: Section,
  action: AccessAction,
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  const edits = user.permissions.includes(`edit ${section}`);
  if (action === 'read') return edits || isQa(user);
  return edits;
}
