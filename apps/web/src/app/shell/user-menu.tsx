import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FeedbackIcon from '@mui/icons-material/Feedback';
import HelpIcon from '@mui/icons-material/Help';
import LanguageIcon from '@mui/icons-material/Language';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { env } from '../../config/env';
import { href } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { setDarkTheme, useDarkTheme } from '../../lib/theme-mode';
import { SwitchIndicator } from './switch-indicator';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function UserAvatar({ size = 32 }: { size?: number }) {
  const user = useUser();
  const name = user?.name ?? '';
  return (
    <Avatar
      src={user?.avatar || undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: 'accent.main',
        color: 'accent.contrastText',
      }}
    >
      {initials(name) || <AccountCircleIcon />}
    </Avatar>
  );
}

/** Name, email and avatar; My Account, Sign Out, documentation, website and the Dark Theme switch. */
export function UserMenu() {
  const user = useUser();
  const dark = useDarkTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  const { docsUrl, websiteUrl } = env();

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Account menu for ${user?.name ?? 'you'}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        sx={{ p: 0.5 }}
      >
        <UserAvatar />
      </IconButton>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260 } } }}
      >
        {/* Who is signed in: plain text, not a heading, since a menu holds only items and separators. */}
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid="user-card">
          <UserAvatar size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" noWrap>
              {user?.name}
            </Typography>
            <Typography variant="body2" component="p" color="text.secondary" noWrap>
              {user?.email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={href('myaccount')} onClick={close}>
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>My Account</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={href('settings')} onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Settings</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={href('help')} onClick={close}>
          <ListItemIcon>
            <HelpIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Help</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={href('feedback')} onClick={close}>
          <ListItemIcon>
            <FeedbackIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Feedback</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem component="a" href={docsUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon>
            <MenuBookIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Documentation</ListItemText>
          <OpenInNewIcon
            fontSize="small"
            sx={{ ml: 1, color: 'text.secondary' }}
            aria-label="(opens in a new tab)"
          />
        </MenuItem>
        <MenuItem component="a" href={websiteUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon>
            <LanguageIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Website</ListItemText>
          <OpenInNewIcon
            fontSize="small"
            sx={{ ml: 1, color: 'text.secondary' }}
            aria-label="(opens in a new tab)"
          />
        </MenuItem>
        <MenuItem role="menuitemcheckbox" aria-checked={dark} onClick={() => setDarkTheme(!dark)}>
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Dark Theme</ListItemText>
          <SwitchIndicator checked={dark} />
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to={href('logout')} onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign Out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
