import { isAdmin, PERMISSIONS, type Permission, type TeamMember } from '@adstudio/contract';
import { formatDate } from '../../lib/format';

/** Each permission as the Users card and its dialogs say it. */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  'edit campaigns': 'Edit campaigns',
  'edit assets': 'Edit assets',
  'edit creatives': 'Edit creatives',
  'edit profiles': 'Edit profiles',
  'edit conditions': 'Edit conditions',
  qa: 'QA (sees every section)',
};

const LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/**
 * What a user may do, short enough for a table cell: "Admin", "Edits campaigns and creatives; QA",
 * or "Dashboard only" without any permission.
 */
export function accessText(member: Pick<TeamMember, 'roles' | 'permissions'>): string {
  if (isAdmin(member)) return 'Admin';
  const edits = PERMISSIONS.filter(
    (permission) => permission.startsWith('edit ') && member.permissions.includes(permission),
  ).map((permission) => permission.slice('edit '.length));
  const parts = [
    ...(edits.length ? [`Edits ${LIST.format(edits)}`] : []),
    ...(member.permissions.includes('qa') ? ['QA'] : []),
  ];
  return parts.length ? parts.join('; ') : 'Dashboard only';
}

/** The line under a user's status: when an invitation ends, when a user was deactivated. */
export function statusDetail(
  member: Pick<TeamMember, 'status' | 'expires_at' | 'deactivated_at'>,
  now = Date.now(),
): string {
  if (member.status === 'invited') {
    if (!member.expires_at || Date.parse(member.expires_at) <= now) return 'Link expired';
    return `Expires ${formatDate(member.expires_at)}`;
  }
  if (member.status === 'deactivated' && member.deactivated_at)
    return `Since ${formatDate(member.deactivated_at)}`;
  return '';
}
