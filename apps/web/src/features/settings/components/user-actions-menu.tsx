import type { TeamMember } from '@adstudio/contract';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/Restore';
import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export type UserAction = 'edit' | 'resend' | 'revoke' | 'deactivate' | 'activate';

const ITEMS: Readonly<Record<UserAction, { label: string; icon: typeof EditIcon }>> = {
  edit: { label: 'Edit', icon: EditIcon },
  resend: { label: 'Resend invitation', icon: SendIcon },
  revoke: { label: 'Revoke invitation', icon: LinkOffIcon },
  deactivate: { label: 'Deactivate', icon: BlockIcon },
  activate: { label: 'Reactivate', icon: RestoreIcon },
};

/** What may be done to a user in their status; one does not deactivate oneself here. */
export function userActions(member: Pick<TeamMember, 'status'>, self: boolean): UserAction[] {
  if (member.status === 'invited') return ['edit', 'resend', 'revoke'];
  if (member.status === 'deactivated') return ['edit', 'activate'];
  return self ? ['edit'] : ['edit', 'deactivate'];
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
