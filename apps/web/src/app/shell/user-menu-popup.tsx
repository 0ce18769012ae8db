import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FeedbackIcon from '@mui/icons-material/Feedback';
import HelpIcon from '@mui/icons-material/Help';
import LanguageIcon from '@mui/icons-material/Language';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { env } from '../../config/env';
import { href } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { setDarkTheme, useDarkTheme } from '../../lib/theme-mode';
import { SwitchIndicator } from './switch-indicator';
import { UserAvatar } from './user-avatar';

/**
 * The account menu's popup: name, email and avatar; My Account, Sign Out, documentation, website and
 * the Dark Theme switch. Loaded when the menu is first opened (user-menu.tsx).
 */
export function UserMenuPopup({
  id,
  anchor,
  close,
}: {
  id: string;
  anchor: HTMLElement | null;
  close: () => void;
}) {
  const user = useUser();
  const dark = useDarkTheme();
  const { docsUrl, websiteUrl } = env();

  return (
    <Menu
      id={id}
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
          <Typography variant="body2" component="p" color="textSecondary" noWrap>
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
  );
}
