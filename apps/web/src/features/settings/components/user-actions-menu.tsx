import type { TeamMember } from '@adstudio/contract';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/Restore';
import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export type UserAction =
  | 'edit'
  | 'resend'
  | 'revoke'
  | 'deactivate'
  | 'activate'
  | 'reset-two-factor'
  | 'password-reset';

const ITEMS: Readonly<Record<UserAction, { label: string; icon: typeof EditIcon }>> = {
  edit: { label: 'Edit', icon: EditIcon },
  resend: { label: 'Resend invitation', icon: SendIcon },
  revoke: { label: 'Revoke invitation', icon: LinkOffIcon },
  deactivate: { label: 'Deactivate', icon: BlockIcon },
  activate: { label: 'Reactivate', icon: RestoreIcon },
  'reset-two-factor': { label: 'Reset two-factor', icon: LockResetIcon },
  'password-reset': { label: 'Send a password reset link', icon: KeyIcon },
};

/**
 * What may be done to a user in their status; one does not deactivate oneself here, nor reset one's
 * own two-factor or password (My Account does that).
 */
export function userActions(member: Pick<TeamMember, 'status' | 'two_factor'>, self: boolean): UserAction[] {
  if (member.status === 'invited') return ['edit', 'resend', 'revoke'];
  if (member.status === 'deactivated') return ['edit', 'activate'];
  if (self) return ['edit'];
  return [
    'edit',
    ...(member.two_factor ? (['reset-two-factor'] as const) : []),
    'password-reset',
    'deactivate',
  ];
}

/** A user's row actions behind one button, a menu the arrow keys walk. */
export function UserActionsMenu({
  member,
  self,
  onAction,
}: {
  member: TeamMember;
  self: boolean;
  onAction: (action: UserAction, member: TeamMember) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = anchor !== null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${member.name}`}
        aria-haspopup="menu"
        aria-controls={open ? id : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={id}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {userActions(member, self).map((action) => {
          const { label, icon: Icon } = ITEMS[action];
          const destructive = action === 'revoke' || action === 'deactivate';
          return (
            <MenuItem
              key={action}
              onClick={() => {
                setAnchor(null);
                onAction(action, member);
              }}
              sx={destructive ? { color: 'error.main' } : undefined}
            >
              <ListItemIcon sx={destructive ? { color: 'error.main' } : undefined}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
